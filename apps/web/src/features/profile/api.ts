import {
  AwardList,
  ColleagueList,
  type PasswordChange,
  type ProfileChange,
  SignedInUser,
  type SignedInUser as SignedInUserType,
} from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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

/** Saves the name, language or theme; the answer is the signed-in user, kept where the shell reads it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ProfileChange) => api('/profile', SignedInUser, { method: 'PATCH', body: change }),
    onSuccess: (user: SignedInUserType) => {
      session.saveUser(user);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      // A new name shows in lists of the department (the leaderboard, colleagues) too.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
    },
  });
}

/** Changes the password; the server ends every other session of the account. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: PasswordChange) => api('/profile/password', null, { method: 'POST', body: change }),
  });
}
