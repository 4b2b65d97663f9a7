import type { KitPageEntry } from '../kit-page-entry';

/** Every chart the product draws, and its figures' cards and tiles (PRODUCT.md §6). */
export const CHART_PAGES: readonly KitPageEntry[] = [
  { path: '/charts', label: 'charts', load: () => import('./charts-page') },
  { path: '/widgets', label: 'widgets', load: () => import('./widgets-page') },
];
