import type { CategoryChange, CategoryInput } from '@cm/contract';
import { Category, CategoryList } from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { categoryKeys } from '../../lib/query-keys/categories';
import { stockAreaChanged } from '../../lib/query-keys/stock-area';
import { inTreeOrder } from '../tree-editor/tree';

/**
 * The company-wide category list, flat, in tree order (parents first, siblings by name). The cache holds
 * the server's answer as it is (other screens read the same key); the ordering is a `select`.
 */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => api('/categories', CategoryList, { signal }),
  select: (data) => inTreeOrder(data.items),
  staleTime: 60_000,
});

/** Options of a category Select: every category by its path, in tree order. */
export function categoryOptions(categories: readonly Category[]): { value: string; label: string }[] {
  return categories.map((category) => ({ value: category.id, label: category.path }));
}

// Category paths show on components, stock and ledger rows, so every change to the tree makes those stale.

/** Creates a category at the top or under `parentId` (administrators). */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput) => api('/categories', Category, { method: 'POST', body: input }),
    onSuccess: () => stockAreaChanged(queryClient),
  });
}

/** Renames ({ name }) or moves ({ parentId }) a category: only the fields sent change. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: CategoryChange }) =>
      api(`/categories/${encodeURIComponent(id)}`, Category, { method: 'PATCH', body: change }),
    onSuccess: () => stockAreaChanged(queryClient),
  });
}

/** Deletes a category without components and subcategories; any other is refused (CATEGORY_NOT_EMPTY). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/categories/${encodeURIComponent(id)}`, null, { method: 'DELETE' }),
    onSuccess: () => stockAreaChanged(queryClient),
  });
}
