import { CheckResponse, DepartmentSwitchResponse, type PasswordChange } from '@cm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, refreshSession, settleRefresh } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { session } from '../../lib/session';

// The signed-in session's calls, checked against the contract's schemas: used by the signed-in shell, apart
// from the sign-in page's calls in api.ts, so that the sign-in page downloads no schema (ADR 0023).

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
  return (await api('/auth/check', CheckResponse)).loggedIn;
}

async function switchDepartment(newDepartment: string): Promise<DepartmentSwitchResponse> {
  // A refresh finishing after the switch would store tokens for the old department over the new ones.
  await settleRefresh();
  const response = await api('/auth/department/switch', DepartmentSwitchResponse, {
    method: 'POST',
    body: { newDepartment },
  });
  session.saveTokens(response);
  session.saveUser(response.user);
  return response;
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

/**
 * Replaces the temporary password the session signed in with (`POST /profile/password`, which clears the need), then
 * reads the signed-in user again, so that the screens behind sign-in open.
 */
export function useSetNewPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PasswordChange) => {
      await api('/profile/password', null, { method: 'POST', body: change });
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    },
  });
}

/**
 * Reads the signed-in user again once two-factor sign-in is on (the setup the security policy sent to), so that the
 * screens behind sign-in open.
 */
export function useReadSignedInUserAgain() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }) });
}
