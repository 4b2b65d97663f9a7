import type { Role } from '@cm/contract';

/** Roles that create and edit components (PRODUCT.md §2); the server enforces the same rule. */
export const COMPONENT_EDITORS: readonly Role[] = ['worker', 'administrator'];

export function mayEditComponents(role: Role | undefined): boolean {
  return role !== undefined && COMPONENT_EDITORS.includes(role);
}

/** Archive, restore, delete, categories: administrators only. */
export function mayAdministerComponents(role: Role | undefined): boolean {
  return role === 'administrator';
}
