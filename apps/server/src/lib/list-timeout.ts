import type { Database } from '../db/client.js';
import { AppError } from './app-error.js';
import { databaseError, PG } from './database-errors.js';

/**
 * Reads one list page on the list connections (`listDb`), whose statements PostgreSQL cancels after
 * LIST_STATEMENT_TIMEOUT_MS: under overload, abandoned list requests cannot pile up for many seconds, and a
 * cancelled one answers 503 QUERY_TIMEOUT. The timeout and read-only mode are settings of those
 * connections, so a page costs no extra round trips for a transaction. PGlite has no timer to enforce a
 * timeout and its single in-process connection has no backlog of its own to shed: there the list reads
 * from the one database.
 */
export async function withListTimeout<T>(listDb: Database, work: (db: Database) => Promise<T>): Promise<T> {
  try {
    return await work(listDb);
  } catch (error) {
    if (databaseError(error)?.code === PG.queryCanceled) throw new AppError('QUERY_TIMEOUT');
    throw error;
  }
}
