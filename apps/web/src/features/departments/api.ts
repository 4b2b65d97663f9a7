import {
  AdministeredDepartment,
  AdministeredDepartmentList,
  DepartmentListQuery,
  type DepartmentNaming,
} from '@cm/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { parseListSearch, toQueryString } from '../../components/data-table';
import { api, refreshSession } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { departmentKeys } from '../../lib/query-keys/departments';
import { sessionKeys } from '../../lib/query-keys/session';
import { userKeys } from '../../lib/query-keys/users';

export const departmentListQuery = (query: DepartmentListQuery) =>
  queryOptions({
    queryKey: departmentKeys.list(query),
    queryFn: ({ signal }) => api(`/departments?${toQueryString(query)}`, AdministeredDepartmentList, { signal }),
  });

/** Starts reading the list the Departments screen opens with, from the address's query. */
export function prefetchDepartmentsScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(departmentListQuery(parseListSearch(DepartmentListQuery, search)));
}

/**
 * A department changed: its list, the users administration (its department picker, filter and column), and the
 * signed-in user's own departments, which the header's switcher shows.
 */
function departmentsChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  ]).then(() => undefined);
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepartmentNaming) =>
      api('/departments', AdministeredDepartment, { method: 'POST', body: input }),
    onSuccess: () => departmentsChanged(queryClient),
  });
}

/** Renames a department. Its name shows on most screens (stock, sales, the leaderboard): every read is stale. */
export function useRenameDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DepartmentNaming }) =>
      api(`/departments/${encodeURIComponent(id)}`, AdministeredDepartment, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * Archives or restores a department. Archiving the department the administrator works in moves their own session
 * to another of their departments (the server does so at a refresh), and every read of the old one is stale.
 */
export function useSetDepartmentArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api(`/departments/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`, AdministeredDepartment, {
        method: 'POST',
      }),
    onSuccess: async (department) => {
      const me = queryClient.getQueryData(currentUserQuery.queryKey);
      if (department.status === 'archived' && me?.currentDepartment?.id === department.id) {
        await refreshSession();
        await queryClient.invalidateQueries();
        return;
      }
      await departmentsChanged(queryClient);
    },
  });
}
