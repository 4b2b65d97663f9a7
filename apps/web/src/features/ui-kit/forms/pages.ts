import type { KitPageEntry } from '../kit-page-entry';

export const FORM_PAGES: readonly KitPageEntry[] = [];
