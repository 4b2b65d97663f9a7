import type { KitPageEntry } from '../kit-page-entry';

export const ELEMENT_PAGES: readonly KitPageEntry[] = [];
