import type { User } from '@cm/contract';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconArrowsExchange,
  IconBuildingWarehouse,
  IconCalculator,
  IconChartBar,
  IconCpu,
  IconFileAnalytics,
  IconLayoutDashboard,
  IconPackages,
  IconTrophy,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { devModeQuery } from '../../features/auth/api';
import { mayOpen, SCREENS, type Screen } from '../screens';

// Developer mode only: its pages and words never reach a user's download otherwise.
const KitMenu = lazy(() => import('../../features/ui-kit/kit-menu'));

const SECTIONS: Screen['section'][] = ['sales', 'stock', 'account'];

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** Each screen's icon in the menu, by its label: the menu is signed-in code, the screens table is not. */
const SCREEN_ICONS: Record<string, Icon> = {
  leaderboard: IconTrophy,
  analytics: IconChartBar,
  calculator: IconCalculator,
  settings: IconAdjustmentsDollar,
  stockOnHand: IconPackages,
  components: IconCpu,
  transactions: IconArrowsExchange,
  reports: IconFileAnalytics,
  users: IconUsers,
  departments: IconBuildingWarehouse,
  profile: IconUserCircle,
};

type MenuEntry = { path: string; label: string; icon: Icon };

function MenuHeading({ title }: { title: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
      {title}
    </Text>
  );
}

function MenuSection({ title, entries, onNavigate }: { title: string; entries: MenuEntry[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (entries.length === 0) return null;
  return (
    <Stack gap={2}>
      <MenuHeading title={title} />
      {entries.map((entry) => (
        <NavLink
          key={entry.path}
          component={Link}
          to={entry.path}
          label={t(`nav.${entry.label}`)}
          leftSection={<entry.icon size={18} stroke={1.6} />}
          active={pathname === entry.path}
          aria-current={pathname === entry.path ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}

/** The menu: only the screens the user's role may open, grouped by area; the UI kit in developer mode. */
export function Sidebar({ user, onNavigate }: { user: User | undefined; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data: devMode } = useQuery(devModeQuery);
  return (
    <ScrollArea p="sm">
      <Stack gap="md">
        {SECTIONS.map((section) => (
          <MenuSection
            key={section}
            title={t(`nav.${section}`)}
            entries={SCREENS.filter((screen) => screen.section === section && mayOpen(screen, user?.role)).map(
              (screen) => ({ ...screen, icon: SCREEN_ICONS[screen.label] ?? IconLayoutDashboard }),
            )}
            onNavigate={onNavigate}
          />
        ))}
        {devMode?.devMode && (
          <Stack gap={2}>
            <MenuHeading title={t('nav.uiKit')} />
            <Suspense>
              <KitMenu onNavigate={onNavigate} />
            </Suspense>
          </Stack>
        )}
      </Stack>
    </ScrollArea>
  );
}
