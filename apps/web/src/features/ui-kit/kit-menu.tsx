import { NavLink } from '@mantine/core';
import { IconAlertTriangle, IconChartPie, IconForms, IconPuzzle, IconTable } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { KitGroup } from './kit-page-entry';
import { KIT_GROUPS } from './kit-pages';
import { useKitWords } from './kit-words';

const GROUP_ICONS: Record<KitGroup, typeof IconPuzzle> = {
  elements: IconPuzzle,
  datatables: IconTable,
  forms: IconForms,
  charts: IconChartPie,
  pages: IconAlertTriangle,
};

/** The UI kit's part of the menu, in developer mode only: a group per kind of building block, opened on its pages. */
export default function KitMenu({ onNavigate }: { onNavigate: () => void }) {
  const ready = useKitWords();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!ready) return null;
  return KIT_GROUPS.filter(({ pages }) => pages.length > 0).map(({ group, pages }) => {
    const Icon = GROUP_ICONS[group];
    return (
      <NavLink
        key={group}
        // A button, so that the keyboard reaches it and it says whether it is open: an anchor without a link is neither.
        component="button"
        type="button"
        label={t(`kit:groups.${group}`)}
        leftSection={<Icon size={18} stroke={1.6} />}
        defaultOpened={pages.some((page) => page.path === pathname || page.aliases?.includes(pathname))}
      >
        {pages.map((page) => (
          <NavLink
            key={page.path}
            component={Link}
            to={page.path}
            label={t(`kit-${group}:${page.label}.title`)}
            active={pathname === page.path}
            aria-current={pathname === page.path ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </NavLink>
    );
  });
}
