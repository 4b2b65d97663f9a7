import type { KitPageEntry } from '../kit-page-entry';

/** The product's small building blocks, each on its page (PRODUCT.md §6, issue #28 §1). */
export const ELEMENT_PAGES: readonly KitPageEntry[] = [
  { path: '/elements/alerts', label: 'alerts', load: () => import('./alerts-page') },
  { path: '/elements/avatar', label: 'avatar', load: () => import('./avatar-page') },
  { path: '/elements/badges', label: 'badges', load: () => import('./badges-page') },
  { path: '/elements/breadcrumbs', label: 'breadcrumbs', load: () => import('./breadcrumbs-page') },
  { path: '/elements/buttons', label: 'buttons', load: () => import('./buttons-page') },
  { path: '/elements/buttons-group', label: 'buttonsGroup', load: () => import('./buttons-group-page') },
  { path: '/elements/color-library', label: 'colorLibrary', load: () => import('./color-library-page') },
  { path: '/elements/dropdown', label: 'dropdown', load: () => import('./dropdown-page') },
  { path: '/elements/infobox', label: 'infobox', load: () => import('./infobox-page') },
  { path: '/elements/jumbotron', label: 'jumbotron', load: () => import('./jumbotron-page') },
  { path: '/elements/loader', label: 'loader', load: () => import('./loader-page') },
  { path: '/elements/pagination', label: 'pagination', load: () => import('./pagination-page') },
  { path: '/elements/popovers', label: 'popovers', load: () => import('./popovers-page') },
  { path: '/elements/progress-bar', label: 'progressBar', load: () => import('./progress-bar-page') },
  { path: '/elements/search', label: 'search', load: () => import('./search-page') },
  { path: '/elements/tooltips', label: 'tooltips', load: () => import('./tooltips-page') },
  { path: '/elements/treeview', label: 'treeview', load: () => import('./treeview-page') },
  { path: '/elements/typography', label: 'typography', load: () => import('./typography-page') },
];
