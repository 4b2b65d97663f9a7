// Every component's styles and the notifications': the first screen loads only its own (main.tsx).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../../lib/zod-without-eval';
import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appInfoQuery } from '../../lib/app-info';
import { currentUserQuery } from '../../lib/current-user';
import { AppFooter } from './app-footer';
import { DepartmentSwitcher } from './department-switcher';
import { LanguageSwitch } from './language-switch';
import { MaintenanceGate } from './maintenance-gate';
import classes from './page-transition.module.css';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ThemeButton } from './theme-button';
import { useSessionWatch } from './use-session-watch';
import { UserMenu } from './user-menu';

// The other signed-in layout travels in this chunk (app/router.tsx says why).
export { FullScreenLayout } from './full-screen-layout';

const SIDEBAR_WIDTH = 260;
/** 1024 px at the default 16 px root size: below it the sidebar overlays the page and closes after a click. */
const WIDE_SCREEN = '(min-width: 64em)';

/**
 * The signed-in layout: header, sidebar, content, footer; it watches that the session is still alive, and shows the
 * maintenance page instead of the content while the server is under maintenance (MaintenanceGate).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const wide = useMediaQuery(WIDE_SCREEN, window.matchMedia(WIDE_SCREEN).matches, { getInitialValueInEffect: false });
  const [navigationOpen, navigation] = useDisclosure(wide);
  // Crossing the 1024 px line opens the sidebar on wide screens and folds it away on narrow ones.
  useEffect(() => {
    if (wide) navigation.open();
    else navigation.close();
  }, [wide, navigation.open, navigation.close]);
  const { data: user } = useQuery(currentUserQuery);
  const { data: appInfo } = useQuery(appInfoQuery);

  useSessionWatch();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { base: SIDEBAR_WIDTH },
        breakpoint: '64em',
        collapsed: { mobile: !navigationOpen, desktop: !navigationOpen },
      }}
      footer={{ height: 44 }}
      padding="lg"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navigationOpen}
              onClick={navigation.toggle}
              size="sm"
              aria-label={t('header.toggleNavigation')}
              aria-expanded={navigationOpen}
            />
            <Text fw={700} size="lg" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {appInfo?.name ?? 'Components Master'}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <DepartmentSwitcher user={user} />
            <ThemeButton />
            <LanguageSwitch />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* Folded away, the menu leaves the tab order too, not only the screen. */}
      <AppShell.Navbar aria-label={t('nav.label')} inert={!navigationOpen}>
        <Sidebar user={user} onNavigate={() => !wide && navigation.close()} />
      </AppShell.Navbar>
      {/* The skip link focuses it; an outline would frame the whole page. */}
      <AppShell.Main id={MAIN_CONTENT_ID} style={{ outline: 'none' }}>
        <MaintenanceGate>
          <Box key={location.pathname} className={classes.page}>
            <Deferred>{children ?? <Outlet />}</Deferred>
          </Box>
        </MaintenanceGate>
      </AppShell.Main>
      <AppShell.Footer>
        {/* The scroll-to-top button at the footer's end, where it covers no content (scroll-to-top.tsx says why). */}
        <Group h="100%" gap={0} wrap="nowrap">
          <Box h="100%" style={{ flex: 1, minWidth: 0 }}>
            <AppFooter />
          </Box>
          <ScrollToTop />
        </Group>
      </AppShell.Footer>
      <Notifications position="top-right" />
    </AppShell>
  );
}

/**
 * Renders a screen in a second, interruptible pass after the shell. React renders the first pass of a
 * navigation in one go; a list screen's rows rendered that way held the main thread for hundreds of
 * milliseconds on a phone, during which no tap or key was answered. Deferred, React yields to the browser every
 * few milliseconds while it builds the screen (ADR 0023).
 */
function Deferred({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
