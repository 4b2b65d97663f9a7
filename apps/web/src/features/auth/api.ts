import type {
  CheckResponse,
  DepartmentSwitchResponse,
  DevModeResponse,
  LoginRequest,
  LoginResponse,
} from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, publicApi, refreshSession, settleRefresh } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { sessionKeys } from '../../lib/query-keys/session';
import { session } from '../../lib/session';

export const devModeQuery = queryOptions({
  queryKey: sessionKeys.devMode(),
  queryFn: () => publicApi<DevModeResponse>('/auth/dev-mode'),
  staleTime: Number.POSITIVE_INFINITY,
});

async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  const response = await publicApi<LoginResponse>('/auth/login', { method: 'POST', body: credentials });
  session.saveTokens(response);
  session.saveUser(response.user);
  return response;
}

/**
 * Clears the local session at once and asks the server to end it without waiting for the answer: leaving
 * must not wait on a server that is slow or down (its session then expires on its own). `keepalive` lets the
 * request finish even if the page goes away meanwhile.
 */
export function signOut(): void {
  const refreshToken = session.refreshToken();
  session.clear();
  if (refreshToken) {
    publicApi('/auth/logout', { method: 'POST', body: { refreshToken }, keepalive: true }).catch(() => {});
  }
}

/**
 * Whether the stored session is still alive. An expired access token is not the end of a session:
 * a refresh is tried before giving up.
 */
export async function checkSession(): Promise<boolean> {
  if (!session.isLoggedIn()) return false;
  if (await askServerIfLoggedIn()) return true;
  return (await refreshSession()) && (await askServerIfLoggedIn());
}

async function askServerIfLoggedIn(): Promise<boolean> {
  // /auth/check answers 200 { loggedIn: false } rather than 401, so this call never refreshes by itself.
  return (await api<CheckResponse>('/auth/check')).loggedIn;
}

async function switchDepartment(newDepartment: string): Promise<DepartmentSwitchResponse> {
  // A refresh finishing after the switch would store tokens for the old department over the new ones.
  await settleRefresh();
  const response = await api<DepartmentSwitchResponse>('/auth/department/switch', {
    method: 'POST',
    body: { newDepartment },
  });
  session.saveTokens(response);
  session.saveUser(response.user);
  return response;
}

/** Signs in. Nothing cached for a previous user or department may leak into the new session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, response.user);
    },
  });
}

/** Switches the current department: every read belongs to the old one, so all of them are read again. */
export function useSwitchDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchDepartment,
    onSuccess: async (response) => {
      queryClient.setQueryData(currentUserQuery.queryKey, response.user);
      await queryClient.invalidateQueries();
    },
  });
}
