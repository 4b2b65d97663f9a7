import type { Role } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

const EVERYONE: readonly Role[] = ['administrator', 'manager', 'worker'];
const SALES: readonly Role[] = ['administrator', 'manager'];
const ADMINISTRATORS: readonly Role[] = ['administrator'];

export type Screen = {
  path: string;
  /** Key in the `common:nav` catalogue: the menu label and the page title. */
  label: string;
  section: 'sales' | 'stock' | 'account';
  roles: readonly Role[];
  /**
   * Loaded on demand, so each screen is its own chunk. Beside the screen (`default`), a screen's module may export
   * `prefetch`: it starts reading what the screen shows first, from the address's parsed query, so that a screen
   * opened directly finds its data on the way instead of asking for it only once its code has rendered.
   */
  load: () => Promise<{
    default: ComponentType;
    prefetch?: (queryClient: QueryClient, search: Record<string, unknown>) => Promise<void>;
  }>;
};

/**
 * Every screen of the product with who may open it: the router, the menu and the role guard all read
 * this one list (PRODUCT.md §2). The server enforces the same rules on its endpoints.
 */
export const SCREENS: readonly Screen[] = [
  {
    path: '/leaderboard',
    label: 'leaderboard',
    section: 'sales',
    roles: SALES,
    load: () => import('../features/leaderboard/leaderboard-page'),
  },
  {
    path: '/analytics',
    label: 'analytics',
    section: 'sales',
    roles: SALES,
    load: () => import('../features/analytics/analytics-page'),
  },
  {
    path: '/calculator',
    label: 'calculator',
    section: 'sales',
    roles: SALES,
    load: () => import('../features/calculator/calculator-page'),
  },
  {
    path: '/settings',
    label: 'settings',
    section: 'sales',
    roles: ADMINISTRATORS,
    load: () => import('../features/sales-settings/sales-settings-page'),
  },
  {
    path: '/',
    label: 'stockOnHand',
    section: 'stock',
    roles: EVERYONE,
    load: () => import('../features/stock/stock-page'),
  },
  {
    path: '/components',
    label: 'components',
    section: 'stock',
    roles: EVERYONE,
    load: () => import('../features/components/components-page'),
  },
  {
    path: '/transactions',
    label: 'transactions',
    section: 'stock',
    roles: EVERYONE,
    load: () => import('../features/transactions/transactions-page'),
  },
  {
    path: '/reports',
    label: 'reports',
    section: 'stock',
    roles: ADMINISTRATORS,
    load: () => import('../features/reports/reports-page'),
  },
  {
    path: '/users',
    label: 'users',
    section: 'stock',
    roles: ADMINISTRATORS,
    load: () => import('../features/users/users-page'),
  },
  {
    path: '/departments',
    label: 'departments',
    section: 'stock',
    roles: ADMINISTRATORS,
    load: () => import('../features/departments/departments-page'),
  },
  {
    path: '/profile',
    label: 'profile',
    section: 'account',
    roles: EVERYONE,
    load: () => import('../features/profile/profile-page'),
  },
  {
    path: '/audit',
    label: 'audit',
    section: 'account',
    roles: ADMINISTRATORS,
    load: () => import('../features/audit/audit-page'),
  },
];

/**
 * Screens that take the whole window, without the app's header and menu (the TV board for a wall screen): opened by
 * a link of their parent screen, never from the menu, behind the same sign-in and role guard.
 */
export const FULL_SCREENS: readonly Omit<Screen, 'section'>[] = [
  {
    path: '/leaderboard/tv',
    label: 'leaderboardTv',
    roles: SALES,
    load: () => import('../features/leaderboard/tv-board-page'),
  },
];

export function mayOpen(screen: Pick<Screen, 'roles'>, role: Role | undefined): boolean {
  return role !== undefined && screen.roles.includes(role);
}
