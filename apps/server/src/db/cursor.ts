import { type SQL, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, type Executor, LIST_WORK_MEM, queryRows } from './client.js';

/** Rows fetched from the cursor at a time. */
const BATCH_SIZE = 2000;

/**
 * Batches read ahead of the consumer. On PostgreSQL two: the query's result stays in the server's cursor and a
 * slow download holds one pooled connection. PGlite has one connection for everybody, so its cursor is read to
 * the end at once and the batches wait in memory: a slow download must not stall every other request.
 */
const READ_AHEAD: Record<DatabaseHandle['kind'], number> = { postgres: 2, pglite: Number.POSITIVE_INFINITY };

/**
 * Every row of `query`, computed once by the database and read through a cursor in batches: a result of any size is
 * neither recomputed per batch nor held whole in memory. `prepare` runs first in the cursor's transaction (to fill a
 * temporary table the query reads, say). The transaction ends when the rows are read or the consumer stops early.
 */
export async function* rowsByCursor<Row>(
  db: Database,
  kind: DatabaseHandle['kind'],
  query: SQL,
  prepare?: (tx: Executor) => Promise<void>,
): AsyncGenerator<Row, void, undefined> {
  const batches: Row[][] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let stopped = false;
  let wakeConsumer: (() => void) | null = null;
  let wakeReader: (() => void) | null = null;
  const wake = (which: 'consumer' | 'reader') => {
    const resume = which === 'consumer' ? wakeConsumer : wakeReader;
    if (which === 'consumer') wakeConsumer = null;
    else wakeReader = null;
    resume?.();
  };

  const reading = db
    .transaction(async (tx) => {
      // Every row is read: plan for all of them, not for the first tenth as a cursor otherwise does, with the sort
      // memory and without the compilation of the list connections (db/client.ts).
      await tx.execute(sql`set local cursor_tuple_fraction = 1`);
      await tx.execute(sql.raw(`set local work_mem = '${LIST_WORK_MEM}'`));
      await tx.execute(sql`set local jit = off`);
      await prepare?.(tx);
      await tx.execute(sql`declare rows_by_cursor no scroll cursor for ${query}`);
      while (!stopped) {
        const rows = await queryRows<Row>(tx, sql.raw(`fetch forward ${BATCH_SIZE} from rows_by_cursor`));
        batches.push(rows);
        wake('consumer');
        if (rows.length < BATCH_SIZE) return;
        while (batches.length >= READ_AHEAD[kind] && !stopped) {
          await new Promise<void>((resolve) => {
            wakeReader = resolve;
          });
        }
      }
    })
    .then(
      () => {
        done = true;
      },
      (error: unknown) => {
        failure = { error };
      },
    )
    .finally(() => wake('consumer'));

  try {
    for (;;) {
      const batch = batches.shift();
      if (batch) {
        wake('reader');
        yield* batch;
      } else if (failure) {
        throw (failure as { error: unknown }).error;
      } else if (done) {
        return;
      } else {
        await new Promise<void>((resolve) => {
          wakeConsumer = resolve;
        });
      }
    }
  } finally {
    stopped = true;
    wake('reader');
    await reading;
  }
}
