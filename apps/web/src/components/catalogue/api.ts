import type { ComponentInput, ComponentListQuery } from '@cm/contract';
import { Component, ComponentDetail, ComponentList, MovementList } from '@cm/contract';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { categoryKeys } from '../../lib/query-keys/categories';
import { componentKeys } from '../../lib/query-keys/components';
import { stockAreaChanged } from '../../lib/query-keys/stock-area';
import { LIST_PAGE_FRESH_MS, toQueryString } from '../data-table';

export const componentListQuery = (query: ComponentListQuery) =>
  queryOptions({
    queryKey: componentKeys.list(query),
    queryFn: ({ signal }) => api(`/components?${toQueryString(query)}`, ComponentList, { signal }),
    placeholderData: keepPreviousData,
    staleTime: LIST_PAGE_FRESH_MS,
  });

export const componentQuery = (id: string) =>
  queryOptions({
    queryKey: componentKeys.detail(id),
    queryFn: ({ signal }) => api(`/components/${encodeURIComponent(id)}`, ComponentDetail, { signal }),
  });

/** The component's movements in the current department, newest first. */
export const componentMovementsQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: componentKeys.movements(id, page, pageSize),
    queryFn: ({ signal }) =>
      api(`/movements?${toQueryString({ componentId: id, order: 'desc', page, pageSize })}`, MovementList, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

function createComponent(input: ComponentInput): Promise<Component> {
  return api('/components', Component, { method: 'POST', body: input });
}

function updateComponent(id: string, input: ComponentInput): Promise<Component> {
  return api(`/components/${encodeURIComponent(id)}`, Component, { method: 'PUT', body: input });
}

function archiveComponent(id: string): Promise<Component> {
  return api(`/components/${encodeURIComponent(id)}/archive`, Component, { method: 'POST' });
}

function restoreComponent(id: string): Promise<Component> {
  return api(`/components/${encodeURIComponent(id)}/restore`, Component, { method: 'POST' });
}

function deleteComponent(id: string): Promise<void> {
  return api(`/components/${encodeURIComponent(id)}`, null, { method: 'DELETE' });
}

/**
 * A component came or went: the catalogue's lists and pickers, and the categories, which count their
 * components. It holds no stock yet (or no longer), so no stock row shows it.
 */
function catalogueChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: componentKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ]).then(() => undefined);
}

/** Creates a component; the catalogue's lists and the category counts are read again. */
export function useCreateComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComponent,
    onSuccess: () => catalogueChanged(queryClient),
  });
}

/**
 * Saves a component's fields. Stock rows and the ledger show its SKU, name and category, and the low-stock
 * alarm follows its minimum: the whole stock area is stale.
 */
export function useUpdateComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ComponentInput }) => updateComponent(id, input),
    onSuccess: () => stockAreaChanged(queryClient),
  });
}

/** Archives a component; an archived one raises no low-stock alarm, so stock rows change with it. */
export function useArchiveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveComponent,
    onSuccess: () => stockAreaChanged(queryClient),
  });
}

/** Restores an archived component; its stock rows may raise the low-stock alarm again. */
export function useRestoreComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreComponent,
    onSuccess: () => stockAreaChanged(queryClient),
  });
}

/** Deletes a component that never moved; its detail and history leave the cache rather than being read again. */
export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComponent,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: componentKeys.detail(id) });
      return catalogueChanged(queryClient);
    },
  });
}
