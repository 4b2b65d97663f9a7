import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { AppError } from '../plugins/errors.js';
import { databaseError, PG } from './database-errors.js';

/** A page of a list takes milliseconds; one that takes seconds serves no one still waiting for it. */
export const LIST_STATEMENT_TIMEOUT_MS = 5000;

/**
 * Runs the queries of one list page under a statement timeout, so that under overload, abandoned list
 * requests cannot pile up in PostgreSQL for many seconds; a cancelled query answers 503 QUERY_TIMEOUT.
 * The timeout is SET LOCAL, so it ends with this read-only transaction and never reaches a posting on the
 * same pooled connection. PGlite accepts the setting but has no timer to enforce it: there it is a no-op,
 * and its single in-process connection has no backlog of its own to shed.
 */
export async function withListTimeout<T>(
  db: Database,
  work: (tx: Executor) => Promise<T>,
  timeoutMs = LIST_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    return await db.transaction(
      async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.round(timeoutMs)}`));
        return work(tx);
      },
      { accessMode: 'read only' },
    );
  } catch (error) {
    if (databaseError(error)?.code === PG.queryCanceled) throw new AppError('QUERY_TIMEOUT');
    throw error;
  }
}
