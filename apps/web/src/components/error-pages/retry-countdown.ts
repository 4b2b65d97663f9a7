import { useLayoutEffect, useRef, useState } from 'react';
import { useStableCallback } from '../../lib/use-stable-callback';

const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 30_000;

/**
 * How long to wait before the next check after `failures` failed ones: doubling from 2 s up to 30 s, each spread by
 * ±20 % so that the browsers one outage cut off do not all come back at the same moment.
 */
export function retryWaitMs(failures: number, random: () => number = Math.random): number {
  const wait = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** failures);
  return Math.round(wait * (0.8 + 0.4 * random()));
}

/** Seconds until the next check, or null while a check is under way. */
export type SecondsLeft = number | null;

/**
 * Runs `check` after a countdown that grows with every check that fails (false or an error), telling `onTick` the
 * seconds left each second and null while it checks, until a check answers true: then `onAnswered`, once.
 * `tryNow` checks at once; `stop` ends it all.
 */
export function startRetryCountdown(
  check: () => Promise<boolean>,
  onTick: (secondsLeft: SecondsLeft) => void,
  onAnswered: () => void,
  random: () => number = Math.random,
): { tryNow: () => void; stop: () => void } {
  let failures = 0;
  let waitLeft = retryWaitMs(failures, random);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let stopped = false;

  // Whole seconds are shown: the first tick comes after the wait's fraction of a second.
  const countDown = () => {
    onTick(Math.ceil(waitLeft / 1000));
    const step = waitLeft % 1000 || 1000;
    timer = setTimeout(() => {
      waitLeft -= step;
      if (waitLeft > 0) countDown();
      else void runCheck();
    }, step);
  };
  const runCheck = async () => {
    if (checking || stopped) return;
    checking = true;
    clearTimeout(timer);
    onTick(null);
    const answered = await check().catch(() => false);
    checking = false;
    if (stopped) return;
    if (answered) {
      stopped = true;
      onAnswered();
      return;
    }
    failures += 1;
    waitLeft = retryWaitMs(failures, random);
    countDown();
  };

  countDown();
  return {
    tryNow: () => void runCheck(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * The retry countdown for a page: it starts when the page shows and stops when it goes, and a browser that comes back
 * online checks at once.
 */
export function useRetryCountdown(
  check: () => Promise<boolean>,
  onAnswered: () => void,
): { secondsLeft: SecondsLeft; tryNow: () => void } {
  const [secondsLeft, setSecondsLeft] = useState<SecondsLeft>(null);
  const countdown = useRef<ReturnType<typeof startRetryCountdown>>(null);
  const latestCheck = useStableCallback(check);
  const answered = useStableCallback(onAnswered);
  // Before the first paint, so that the page opens on its countdown rather than on "checking".
  useLayoutEffect(() => {
    const started = startRetryCountdown(latestCheck, setSecondsLeft, answered);
    countdown.current = started;
    window.addEventListener('online', started.tryNow);
    return () => {
      started.stop();
      window.removeEventListener('online', started.tryNow);
    };
  }, [latestCheck, answered]);
  return { secondsLeft, tryNow: () => countdown.current?.tryNow() };
}
