import type { ComponentListQuery } from '@cm/contract';

export const componentKeys = {
  all: ['components'] as const,
  lists: () => [...componentKeys.all, 'list'] as const,
  list: (query: ComponentListQuery) => [...componentKeys.lists(), query] as const,
  search: (text: string) => [...componentKeys.all, 'search', text] as const,
  detail: (id: string) => [...componentKeys.all, 'detail', id] as const,
  movements: (id: string, page: number, pageSize: number) =>
    [...componentKeys.detail(id), 'movements', page, pageSize] as const,
};
