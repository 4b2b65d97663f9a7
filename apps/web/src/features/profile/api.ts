import {
  AccountSessionList,
  AwardList,
  type BundledAvatar,
  ColleagueList,
  DEFAULT_AVATAR_PATH,
  OtherSessionsSignedOut,
  type PasswordChange,
  type ProfileChange,
  RecoveryCodes,
  SignedInUser,
  type SignedInUser as SignedInUserType,
  TwoFactorStatus,
} from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { announceAvatarChange } from '../../components/user-avatar';
import { api, apiUpload } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { profileKeys } from '../../lib/query-keys/profile';
import { session } from '../../lib/session';

/** The other members of the current department; the key names it, so a department switch reads them again. */
export const colleaguesQuery = (departmentId: string | null) =>
  queryOptions({
    queryKey: profileKeys.colleagues(departmentId),
    queryFn: () => api('/profile/colleagues', ColleagueList),
    staleTime: 60_000,
  });

/** A manager's own awards of the last twelve months (the awards API's default span), newest month first. */
export const ownAwardsQuery = (userId: string, departmentId: string | null) =>
  queryOptions({
    queryKey: profileKeys.awards(userId, departmentId),
    queryFn: () => api(`/sales/awards?userId=${encodeURIComponent(userId)}`, AwardList),
    select: (list) => [...list.items].sort((a, b) => b.month.localeCompare(a.month)),
    staleTime: 60_000,
  });

/** Keeps the signed-in user the server answered where the shell reads it. */
function useKeepSignedInUser() {
  const queryClient = useQueryClient();
  return (user: SignedInUserType) => {
    session.saveUser(user);
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    // A new name or avatar shows in lists of the department (the leaderboard, colleagues) too.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  };
}

/** Saves the name, language, theme or social profiles; the answer is the signed-in user. */
export function useUpdateProfile() {
  const keep = useKeepSignedInUser();
  return useMutation({
    mutationFn: (change: ProfileChange) => api('/profile', SignedInUser, { method: 'PATCH', body: change }),
    onSuccess: keep,
  });
}

/** A new avatar: a file to upload (its progress reported from 0 to 1), or one of the bundled ones. */
export type AvatarChange =
  | { kind: 'upload'; file: File; onProgress: (fraction: number) => void }
  | { kind: 'bundled'; avatar: BundledAvatar };

/** Changes the avatar, then tells every avatar on screen (`avatar-changed`). */
export function useChangeAvatar() {
  const keep = useKeepSignedInUser();
  return useMutation({
    mutationFn: (change: AvatarChange) => {
      if (change.kind === 'upload') return apiUpload('/profile/avatar', change.file, SignedInUser, change.onProgress);
      if (change.avatar === DEFAULT_AVATAR_PATH) return api('/profile/avatar', SignedInUser, { method: 'DELETE' });
      return api('/profile/avatar', SignedInUser, { method: 'PUT', body: { avatar: change.avatar } });
    },
    onSuccess: (user: SignedInUserType) => {
      keep(user);
      announceAvatarChange(user.avatar);
    },
  });
}

/** Changes the password; the server ends every other session of the account. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => api('/profile/password', null, { method: 'POST', body: change }),
  });
}

/** The signed-in person's live sessions; read again on each visit of the Security tab. */
export const sessionsQuery = queryOptions({
  queryKey: profileKeys.sessions(),
  queryFn: ({ signal }) => api('/profile/sessions', AccountSessionList, { signal }),
  staleTime: 0,
});

/** Signs out one of the person's sessions: its tokens stop working at once. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/profile/sessions/${encodeURIComponent(id)}`, null, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

/** Signs out every session of the person but this one. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/profile/sessions/sign-out-others', OtherSessionsSignedOut, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

/** Whether sign-in asks the person for a code, since when, and how many recovery codes are left. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: profileKeys.twoFactor(),
  queryFn: ({ signal }) => api('/profile/two-factor', TwoFactorStatus, { signal }),
  staleTime: 0,
});

/** Turns two-factor sign-in off, after the password. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api('/profile/two-factor/disable', null, { method: 'POST', body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor() }),
  });
}

/** New recovery codes, after the password; the old ones stop working. The answer is shown once, never kept. */
export function useReplaceRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api('/profile/two-factor/recovery-codes', RecoveryCodes, { method: 'POST', body: { password } }),
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor() }),
  });
}
