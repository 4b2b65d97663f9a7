import { CHART_PAGES } from './charts/pages';
import { DATATABLE_PAGES } from './datatables/pages';
import { ELEMENT_PAGES } from './elements/pages';
import { FORM_PAGES } from './forms/pages';
import type { KitGroup, KitPageEntry } from './kit-page-entry';
import { ERROR_PAGES } from './pages/pages';

/** Every page of the UI kit by group, in menu order: the router and the kit's menu read this one list. */
export const KIT_GROUPS: readonly { group: KitGroup; pages: readonly KitPageEntry[] }[] = [
  { group: 'elements', pages: ELEMENT_PAGES },
  { group: 'datatables', pages: DATATABLE_PAGES },
  { group: 'forms', pages: FORM_PAGES },
  { group: 'charts', pages: CHART_PAGES },
  { group: 'pages', pages: ERROR_PAGES },
];
