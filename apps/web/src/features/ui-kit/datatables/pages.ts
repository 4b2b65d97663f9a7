import type { KitPageEntry } from '../kit-page-entry';

/** The product's list table on 10 000 generated rows, a page per capability (PRODUCT.md §6). */
export const DATATABLE_PAGES: readonly KitPageEntry[] = [
  { path: '/datatables/basic', label: 'basic', load: () => import('./basic') },
  { path: '/datatables/advanced', label: 'advanced', load: () => import('./advanced') },
  { path: '/datatables/skin', label: 'skin', load: () => import('./skin') },
  { path: '/datatables/order-sorting', label: 'orderSorting', load: () => import('./order-sorting') },
  { path: '/datatables/columns-filter', label: 'columnsFilter', load: () => import('./columns-filter') },
  { path: '/datatables/multi-column', label: 'multiColumn', load: () => import('./multi-column') },
  { path: '/datatables/multiple-tables', label: 'multipleTables', load: () => import('./multiple-tables') },
  { path: '/datatables/alt-pagination', label: 'altPagination', load: () => import('./alt-pagination') },
  { path: '/datatables/checkbox', label: 'checkbox', load: () => import('./checkbox') },
  { path: '/datatables/range-search', label: 'rangeSearch', load: () => import('./range-search') },
  { path: '/datatables/export', label: 'export', load: () => import('./export') },
  { path: '/datatables/sticky-header', label: 'stickyHeader', load: () => import('./sticky-header') },
  { path: '/datatables/clone-header', label: 'cloneHeader', load: () => import('./clone-header') },
  { path: '/datatables/column-chooser', label: 'columnChooser', load: () => import('./column-chooser') },
];
