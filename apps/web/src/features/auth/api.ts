import type { DevModeResponse, LoginRequest, LoginResponse } from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { publicApi } from '../../lib/api-client';
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

/** Signs in. Nothing cached for a previous user or department may leak into the new session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me(), response.user);
    },
  });
}
