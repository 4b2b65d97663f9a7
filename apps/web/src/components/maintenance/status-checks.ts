/** The first check after maintenance is met: soon, for a short maintenance is the common one. */
const FIRST_CHECK_MS = 2000;
/** The longest wait between two checks: what the server's Retry-After says when no end is expected. */
const LONGEST_CHECK_MS = 30_000;

/**
 * How long to wait before asking again whether maintenance is over, having met it `elapsedMs` ago: half as long as it
 * has lasted so far, from 2 to 30 seconds. The checks thin out as maintenance goes on (after 2, 4, 6, 9, 13.5… s),
 * so a user is back within seconds of a short one, and a page left open for hours asks twice a minute.
 */
export function nextCheckIn(elapsedMs: number): number {
  return Math.min(LONGEST_CHECK_MS, Math.max(FIRST_CHECK_MS, elapsedMs / 2));
}
