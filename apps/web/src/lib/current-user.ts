// Before the user's answer is parsed: this query may run before the signed-in shell's code has loaded.
import './zod-without-eval';
import { SignedInUser } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { sessionKeys } from './query-keys/session';
import { session } from './session';

/** Who is signed in, with their role and current department: every screen and the shell read it. */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: async () => {
    const user = await api('/auth/me', SignedInUser);
    session.saveUser(user);
    return user;
  },
  staleTime: 60_000,
});
