import type { KitPageEntry } from '../kit-page-entry';

export const CHART_PAGES: readonly KitPageEntry[] = [];
