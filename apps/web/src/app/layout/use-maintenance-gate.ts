import type { MaintenanceStatus } from '@cm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { retryWaitMs } from '../../components/error-pages/retry-countdown';
import { maintenanceStatusQuery } from '../../components/maintenance/api';
import { ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';

/** How often an administrator's shell asks whether maintenance is on, for its banner (and on returning to the tab). */
const ADMINISTRATOR_CHECK_MS = 60_000;

export type MaintenanceGate = {
  /** The server refuses this user for maintenance: the maintenance page stands in for the screen. */
  closed: boolean;
  /** What the server says of maintenance, once asked. */
  status: MaintenanceStatus | undefined;
  administrator: boolean;
};

/** How many times a query has been read, answered or failed. */
const checksOf = (state: { dataUpdateCount: number; errorUpdateCount: number } | undefined) =>
  (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);

const isMaintenance = (error: unknown) => error instanceof ApiError && error.code === 'MAINTENANCE';

/**
 * Maintenance mode as the signed-in layouts meet it (issue #28 §2). A request refused with 503 MAINTENANCE, a screen's
 * or a save's, closes the gate; the status is then asked again and again, less and less often (the 503 page's
 * schedule, retry-countdown.ts), until it says maintenance is over, and the gate opens by itself: every query is read again and a route whose loading
 * failed is loaded again. Administrators are never refused; they ask every minute, for the banner.
 */
export function useMaintenanceGate(): MaintenanceGate {
  const queryClient = useQueryClient();
  const router = useRouter();
  const administrator = useQuery(currentUserQuery).data?.role === 'administrator';
  // When the gate closed, and how many times the status had been read by then: the waits grow with the checks since.
  const [closing, setClosing] = useState<{ at: number; checksBefore: number } | null>(null);

  useEffect(() => {
    const meet = (action: { type: string; error?: unknown }) => {
      if ((action.type === 'failed' || action.type === 'error') && isMaintenance(action.error)) {
        setClosing(
          (known) =>
            known ?? {
              at: Date.now(),
              checksBefore: checksOf(queryClient.getQueryState(maintenanceStatusQuery.queryKey)),
            },
        );
      }
    };
    // Seen on a query's first failed attempt, not after its retries.
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') meet(event.action);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') meet(event.action);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  const closed = closing !== null;
  const status = useQuery({
    ...maintenanceStatusQuery,
    enabled: closed || administrator,
    refetchInterval: (query) => {
      if (closing !== null) return retryWaitMs(checksOf(query.state) - closing.checksBefore);
      return administrator ? ADMINISTRATOR_CHECK_MS : false;
    },
  });

  const over = closing !== null && status.data?.active === false && status.dataUpdatedAt >= closing.at;
  useEffect(() => {
    if (!over) return;
    setClosing(null);
    void queryClient.invalidateQueries();
    void router.invalidate();
  }, [over, queryClient, router]);

  return { closed: closed && !over, status: status.data, administrator };
}
