import type { KitPageEntry } from '../kit-page-entry';

export const DATATABLE_PAGES: readonly KitPageEntry[] = [];
