import type { ComponentType } from 'react';

/**
 * A page of the UI kit: its path (PRODUCT.md §6) and its label, which names its words in its group's namespace
 * (`kit-elements:alerts.title`, `….usage`). Loaded on demand, only in developer mode.
 */
export type KitPageEntry = {
  path: string;
  label: string;
  /** Other addresses of the same page, left out of the menu. */
  aliases?: readonly string[];
  load: () => Promise<{ default: ComponentType }>;
};

export type KitGroup = 'elements' | 'datatables' | 'forms' | 'charts' | 'pages';
