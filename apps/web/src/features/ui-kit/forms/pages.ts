import type { KitPageEntry } from '../kit-page-entry';

/** The product's form building blocks, each on a page of its own (PRODUCT.md §6). */
export const FORM_PAGES: readonly KitPageEntry[] = [
  { path: '/forms/basic', label: 'basic', load: () => import('./basic') },
  { path: '/forms/input-group', label: 'inputGroup', load: () => import('./input-group') },
  { path: '/forms/layouts', label: 'layouts', load: () => import('./layouts') },
  { path: '/forms/validation', label: 'validation', load: () => import('./validation') },
  { path: '/forms/input-mask', label: 'inputMask', load: () => import('./input-mask') },
  { path: '/forms/select2', label: 'select2', load: () => import('./select2') },
  { path: '/forms/touchspin', label: 'touchspin', load: () => import('./touchspin') },
  { path: '/forms/checkbox-radio', label: 'checkboxRadio', load: () => import('./checkbox-radio') },
  { path: '/forms/switches', label: 'switches', load: () => import('./switches') },
  { path: '/forms/wizards', label: 'wizards', load: () => import('./wizards') },
  { path: '/forms/file-upload', label: 'fileUpload', load: () => import('./file-upload') },
  { path: '/forms/markdown-editor', label: 'markdownEditor', load: () => import('./markdown-editor') },
  { path: '/forms/date-picker', label: 'datePicker', load: () => import('./date-picker') },
  { path: '/forms/clipboard', label: 'clipboard', load: () => import('./clipboard') },
];
