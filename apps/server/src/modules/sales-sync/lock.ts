import type pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/client.js';

/** Arbitrary constant shared by every instance; distinct from the migration lock's key. */
const SYNC_LOCK_KEY = 7_311_240_519;

export type HeldSyncLock = {
  /** Aborted when the lock is lost (its database connection failed): the run must stop. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
};

export type SyncLock = {
  /** The lock, or null when a sync holds it, in this process or in another instance. */
  tryAcquire(): Promise<HeldSyncLock | null>;
};

/**
 * One sync at a time across all instances.
 *
 * PostgreSQL: a session advisory lock (`pg_try_advisory_lock`) taken on a connection checked out of the
 * pool for the whole run and returned only after unlocking. The lock lives and dies with that connection:
 * if the process crashes or the connection drops, PostgreSQL releases it, so a dead instance never blocks
 * syncs. The run's own writes go through the pool in short transactions, never through this connection.
 *
 * PGlite: one process owns the data directory (data-dir-lock) and there is a single database session, in
 * which advisory locks are re-entrant and so would not exclude anything; a flag in this process suffices.
 */
export function createSyncLock(db: Database, kind: DatabaseHandle['kind']): SyncLock {
  if (kind === 'pglite') {
    let held = false;
    return {
      async tryAcquire() {
        if (held) return null;
        held = true;
        return {
          lost: new AbortController().signal,
          async release() {
            held = false;
          },
        };
      },
    };
  }

  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return {
    async tryAcquire() {
      const connection = await pool.connect();
      let locked = false;
      try {
        const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          SYNC_LOCK_KEY,
        ]);
        locked = rows[0]?.locked === true;
      } finally {
        if (!locked) connection.release();
      }
      if (!locked) return null;
      const lost = new AbortController();
      const onError = (error: Error) => lost.abort(error);
      connection.on('error', onError);
      let released = false;
      return {
        lost: lost.signal,
        async release() {
          if (released) return;
          released = true;
          connection.off('error', onError);
          try {
            await connection.query('select pg_advisory_unlock($1)', [SYNC_LOCK_KEY]);
            connection.release();
          } catch (error) {
            // A connection that cannot unlock is destroyed, which releases the lock all the same.
            connection.release(error instanceof Error ? error : true);
          }
        },
      };
    },
  };
}
