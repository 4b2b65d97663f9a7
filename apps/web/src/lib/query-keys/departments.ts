import type { DepartmentListQuery } from '@cm/contract';

export const departmentKeys = {
  all: ['departments'] as const,
  list: (query: DepartmentListQuery) => [...departmentKeys.all, 'list', query] as const,
};
