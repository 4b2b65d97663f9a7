import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { onTestFinished } from 'vitest';
import { type Database, queryRows } from '../src/db/client.js';

const dialect = new PgDialect();

/**
 * A transaction on a connection of its own, kept open while a test sends requests that must wait for its
 * locks, then ended by the test (PostgreSQL only: PGlite has one connection, so nothing ever waits). A test
 * that fails before ending it rolls it back as it finishes, so no lock outlives it.
 */
export async function holdTransaction(db: Database, ...statements: SQL[]) {
  const client: pg.PoolClient = await (db as unknown as { $client: pg.Pool }).$client.connect();
  let open = true;
  const end = async (command: 'commit' | 'rollback') => {
    if (!open) return;
    open = false;
    try {
      await client.query(command);
      client.release();
    } catch (error) {
      // A connection whose transaction could not end is not given back to the pool.
      client.release(error as Error);
      throw error;
    }
  };
  onTestFinished(() => end('rollback'));
  try {
    await client.query('begin');
    for (const statement of statements) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      await client.query(text, params);
    }
  } catch (error) {
    open = false;
    client.release(error as Error);
    throw error;
  }
  /** Runs one more statement in the held transaction. */
  const run = async (statement: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    await client.query(text, params);
  };
  return { run, commit: () => end('commit'), rollback: () => end('rollback') };
}

/**
 * Resolves once `count` other sessions of this database wait for a lock, or once `settled` does (a request
 * that should have waited and did not), so that a test fails on its assertions rather than by timing out.
 */
export async function lockWaiters(db: Database, count: number, settled: Promise<unknown>): Promise<void> {
  let done = false;
  settled.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const [row] = await queryRows<{ waiting: number }>(
      db,
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
