import {
  DepartmentList,
  ManagedUser,
  SecurityPolicy,
  TemporaryPasswordResponse,
  type UserChange,
  type UserCreate,
  UserList,
  UserListQuery,
} from '@cm/contract';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_FRESH_MS, parseListSearch, toQueryString } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { profileKeys } from '../../lib/query-keys/profile';
import { securityPolicyKeys } from '../../lib/query-keys/security-policy';
import { sessionKeys } from '../../lib/query-keys/session';
import { userKeys } from '../../lib/query-keys/users';

export const userListQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api(`/users?${toQueryString(query)}`, UserList, { signal }),
    placeholderData: keepPreviousData,
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** Every department, for the filter and the form. */
export const departmentsQuery = queryOptions({
  queryKey: userKeys.departments(),
  queryFn: ({ signal }) => api('/users/departments', DepartmentList, { signal }),
  staleTime: 60_000,
});

/** Starts reading the page the Users screen opens with, from the address's query (as the router parses it). */
export function prefetchUsersScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(userListQuery(parseListSearch(UserListQuery, search)));
}

/** A user changed: the lists, and the signed-in user's own view when it was them (a new name in the header). */
function usersChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  ]).then(() => undefined);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreate) => api('/users', ManagedUser, { method: 'POST', body: input }),
    onSuccess: () => usersChanged(queryClient),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserChange }) =>
      api(`/users/${encodeURIComponent(id)}`, ManagedUser, { method: 'PUT', body: input }),
    onSuccess: () => usersChanged(queryClient),
  });
}

/** Deactivates (ending every session of the user) or reactivates a user. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(`/users/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, ManagedUser, {
        method: 'POST',
      }),
    onSuccess: () => usersChanged(queryClient),
  });
}

/**
 * Gives a user a temporary password: the one typed, or one the server generates when none is. The answer holds it
 * this once; every session of the user ends.
 */
export function useSetTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds the password: nothing keeps it once the dialog showing it is gone.
    gcTime: 0,
    mutationFn: ({ id, password }: { id: string; password: string | undefined }) =>
      api(`/users/${encodeURIComponent(id)}/temporary-password`, TemporaryPasswordResponse, {
        method: 'POST',
        body: password === undefined ? {} : { password },
      }),
    onSuccess: () => usersChanged(queryClient),
  });
}

/** Turns off a user's two-factor sign-in (a lost phone): their secret and recovery codes are gone. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/users/${encodeURIComponent(id)}/two-factor`, null, { method: 'DELETE' }),
    onSuccess: () => usersChanged(queryClient),
  });
}

export const securityPolicyQuery = queryOptions({
  queryKey: securityPolicyKeys.all,
  queryFn: ({ signal }) => api('/security-policy', SecurityPolicy, { signal }),
});

export function useChangeSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SecurityPolicy) => api('/security-policy', SecurityPolicy, { method: 'PUT', body: policy }),
    onSuccess: (policy) => {
      queryClient.setQueryData(securityPolicyKeys.all, policy);
      // The profile's Security tab says whether the policy holds its owner to two-factor sign-in.
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
