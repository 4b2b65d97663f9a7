import type { Leaderboard } from '@cm/contract';

/**
 * How long after its interval a scheduled sync may still be on its way: the scheduler looks once a minute whether one
 * is due, and reading amoCRM takes a few minutes more. Without it, the banner would flash up before every sync.
 */
export const SYNC_GRACE_MINUTES = 5;

/** Why a board's figures may be out of date, with the time amoCRM was last read completely (null: never). */
export type SyncWarning =
  | { kind: 'failed'; lastSucceededAt: string | null }
  | { kind: 'late'; lastSucceededAt: string | null; intervalMinutes: number };

/**
 * Whether a board left open should warn that its figures may be out of date, from the sync freshness of its answer
 * (the rule of the TV board's banner):
 * - the last sync failed: warn, whether a sync is scheduled or was started by hand;
 * - a sync is scheduled (an interval above 0) and amoCRM has not been read completely for longer than the interval
 *   and its grace, or never: warn that the data is late;
 * - no sync is scheduled and none failed: no warning, as the figures come from webhooks and files, current as they
 *   arrive, and there is no schedule for them to fall behind.
 */
export function syncWarning(sync: Leaderboard['sync'], now: number): SyncWarning | null {
  if (sync.lastFailed) return { kind: 'failed', lastSucceededAt: sync.lastSucceededAt };
  if (sync.intervalMinutes <= 0) return null;
  const allowedMs = (sync.intervalMinutes + SYNC_GRACE_MINUTES) * 60_000;
  if (sync.lastSucceededAt !== null && now - Date.parse(sync.lastSucceededAt) <= allowedMs) return null;
  return { kind: 'late', lastSucceededAt: sync.lastSucceededAt, intervalMinutes: sync.intervalMinutes };
}
