import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { followEventStream } from '../../lib/event-stream';
import { salesResultsChanged } from '../../lib/query-keys/sales-results';

/** Whether the board hears of changes as they happen: not yet, yes, or not now (the stream broke; it reopens). */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * How long the changes of one burst (a sync, an import, a webhook of many leads) are gathered into one read of the
 * board: the first change is on screen this long after it, plus one read, well within the two seconds promised.
 */
const GATHER_MS = 400;

/**
 * Keeps the boards on screen current (issue #25, ADR 0034): follows the current department's results stream and
 * reads the figures again after each change, and each time the stream opens, for whatever happened while it was
 * not open. Closed when the screen goes.
 */
export function useLiveResults(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    let gathering: ReturnType<typeof setTimeout> | undefined;
    const readAgain = () => {
      clearTimeout(gathering);
      gathering = undefined;
      void salesResultsChanged(queryClient);
    };
    const stop = followEventStream('/sales/leaderboard/events', {
      onOpen: () => {
        setState('live');
        readAgain();
      },
      onEvent: (event) => {
        if (event.name === 'results') gathering ??= setTimeout(readAgain, GATHER_MS);
      },
      onBroken: () => setState('reconnecting'),
    });
    return () => {
      stop();
      clearTimeout(gathering);
    };
  }, [queryClient]);
  return state;
}
