import type { ErrorKind } from '../../../components/error-pages/error-page';
import type { KitPageEntry } from '../kit-page-entry';

const errorPage = (kind: ErrorKind, label: string) => async () => {
  const { ErrorPageKit } = await import('./error-page-kit');
  return { default: () => <ErrorPageKit kind={kind} label={label} /> };
};

/** The product's own error and maintenance pages, as a user meets them (PRODUCT.md §3). */
export const ERROR_PAGES: readonly KitPageEntry[] = [
  { path: '/pages/error404', label: 'error404', load: errorPage('404', 'error404') },
  { path: '/pages/error500', label: 'error500', load: errorPage('500', 'error500') },
  { path: '/pages/error503', label: 'error503', load: errorPage('503', 'error503') },
  // The seed's spelling, and the word spelt right.
  {
    path: '/pages/maintenence',
    aliases: ['/pages/maintenance'],
    label: 'maintenance',
    load: () => import('./maintenance-page-kit'),
  },
];
