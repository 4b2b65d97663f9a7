import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { checkSession } from '../../features/auth/session';
import { session } from '../../lib/session';

/**
 * On load and on every route change, asks the server whether the session is still alive; a dead one sends the
 * user to sign-in, back here afterwards. Both signed-in layouts keep this watch.
 */
export function useSessionWatch(): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const verify = () => {
      checkSession()
        .then(async (alive) => {
          if (alive) return;
          session.clear();
          queryClient.clear();
          const { href, pathname } = router.state.location;
          // A request of the screen that found the session ended has sent the user to sign-in already: sending
          // them again would make the sign-in page its own way back.
          if (pathname.startsWith('/auth/')) return;
          await router.navigate({ to: '/auth/signin', search: { redirect: href } });
        })
        .catch(() => {
          // Unreachable server: the screens say so themselves; the session is kept for when it returns.
        });
    };
    verify();
    return router.subscribe('onResolved', ({ pathChanged, hrefChanged }) => {
      if (pathChanged || hrefChanged) verify();
    });
  }, [router, queryClient]);
}
