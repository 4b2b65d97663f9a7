import type {
  Component,
  ComponentDetail,
  ComponentInput,
  ComponentList,
  ComponentListQuery,
  MovementList,
} from '@cm/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { toQueryString } from '../data-table';

export const componentListQuery = (query: ComponentListQuery) =>
  queryOptions({
    queryKey: queryKeys.components.list(query),
    queryFn: ({ signal }) => api<ComponentList>(`/components?${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const componentQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.components.detail(id),
    queryFn: ({ signal }) => api<ComponentDetail>(`/components/${encodeURIComponent(id)}`, { signal }),
  });

/** The component's movements in the current department, newest first. */
export const componentMovementsQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.components.movements(id, page, pageSize),
    queryFn: ({ signal }) =>
      api<MovementList>(`/movements?${toQueryString({ componentId: id, order: 'desc', page, pageSize })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function createComponent(input: ComponentInput): Promise<Component> {
  return api<Component>('/components', { method: 'POST', body: input });
}

export function updateComponent(id: string, input: ComponentInput): Promise<Component> {
  return api<Component>(`/components/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function archiveComponent(id: string): Promise<Component> {
  return api<Component>(`/components/${encodeURIComponent(id)}/archive`, { method: 'POST' });
}

export function restoreComponent(id: string): Promise<Component> {
  return api<Component>(`/components/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export function deleteComponent(id: string): Promise<void> {
  return api<void>(`/components/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
