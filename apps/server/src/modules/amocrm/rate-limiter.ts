import { performance } from 'node:perf_hooks';

export const WINDOW_MS = 1_000;
/** Timers may fire up to a millisecond early; a few more keep the bound strict at no real cost. */
export const TIMER_SLACK_MS = 5;

export type RateLimiter = {
  /**
   * Resolves when the caller may send one request; call the returned function once the answer arrives.
   * `sleep` is the caller's own (e.g. abortable): a wait that fails gives its place back as used now.
   */
  acquire(sleep?: (ms: number) => Promise<void>): Promise<() => void>;
  /** Starts nothing before `ms` from now have passed, e.g. after a 429 with Retry-After. */
  holdFor(ms: number): void;
};

export function assertRequestsPerSecond(requestsPerSecond: number): void {
  if (!Number.isInteger(requestsPerSecond) || requestsPerSecond < 1) {
    throw new RangeError(`requestsPerSecond must be a positive whole number, got ${requestsPerSecond}`);
  }
}

/**
 * Keeps at most `requestsPerSecond` requests within any second *as the server counts them*, by arrival.
 * A request arrives after we start it and before its answer reaches us, so starting request n no sooner
 * than one second after the answer to request n − limit came back bounds the server's count whatever the
 * network delays, including a slow first connection. The price is one round trip per window, about 1 % with
 * a fast server. Callers reserve their place synchronously, so concurrent callers queue in order.
 */
export function createRateLimiter(
  requestsPerSecond: number,
  sleep: (ms: number) => Promise<void>,
  now: () => number = () => performance.now(),
): RateLimiter {
  assertRequestsPerSecond(requestsPerSecond);
  // When each of the last `requestsPerSecond` requests was answered (or failed), oldest first.
  const answered: Promise<number>[] = [];
  let heldUntil = Number.NEGATIVE_INFINITY;

  return {
    async acquire(sleepOfCaller = sleep) {
      const earlier = answered.length === requestsPerSecond ? answered.shift() : undefined;
      let markAnswered: (at: number) => void = () => {};
      answered.push(new Promise((resolve) => (markAnswered = resolve)));
      try {
        const freeAt = earlier === undefined ? Number.NEGATIVE_INFINITY : (await earlier) + WINDOW_MS + TIMER_SLACK_MS;
        const wait = Math.max(freeAt, heldUntil) - now();
        if (wait > 0) await sleepOfCaller(wait);
      } catch (error) {
        // An aborted wait must not leave a place that never frees: the callers queued behind it would wait forever.
        markAnswered(now());
        throw error;
      }
      return () => markAnswered(now());
    },
    holdFor(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
    },
  };
}
