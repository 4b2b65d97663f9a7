import type { User } from '@cm/contract';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen, SCREENS, type Screen, UI_KIT_PAGES } from '../../app/screens';
import { devModeQuery } from '../../features/auth/api';

const SECTIONS: Screen['section'][] = ['sales', 'stock', 'account'];

/** The menu: only the screens the user's role may open, grouped by area. */
export function Sidebar({ user, onNavigate }: { user: User | undefined; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: devMode } = useQuery(devModeQuery);
  return (
    <ScrollArea p="sm">
      <Stack gap="md">
        {SECTIONS.map((section) => {
          const screens = SCREENS.filter((screen) => screen.section === section && mayOpen(screen, user?.role));
          if (screens.length === 0) return null;
          return (
            <Stack key={section} gap={2}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                {t(`nav.${section}`)}
              </Text>
              {screens.map((screen) => (
                <NavLink
                  key={screen.path}
                  component={Link}
                  to={screen.path}
                  label={t(`nav.${screen.label}`)}
                  leftSection={<screen.icon size={18} stroke={1.6} />}
                  active={pathname === screen.path}
                  aria-current={pathname === screen.path ? 'page' : undefined}
                  onClick={onNavigate}
                />
              ))}
            </Stack>
          );
        })}
        {devMode?.devMode && (
          <Stack gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {t('nav.uiKit')}
            </Text>
            {UI_KIT_PAGES.map((page) => (
              <NavLink
                key={page.path}
                component={Link}
                to={page.path}
                label={t(`nav.${page.label}`)}
                leftSection={<IconLayoutDashboard size={18} stroke={1.6} />}
                active={pathname === page.path}
                aria-current={pathname === page.path ? 'page' : undefined}
                onClick={onNavigate}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </ScrollArea>
  );
}
