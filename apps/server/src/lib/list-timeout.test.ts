import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { fromPostgresPools, postgresPool, queryRows } from '../db/client.js';
import { databaseError } from './database-errors.js';
import { withListTimeout } from './list-timeout.js';

const database = await createTestDatabase();
afterAll(() => database.close());
const onPostgres = database.kind === 'postgres';

/** The database's connection string, to open list connections with a timeout short enough to test. */
function url(): string {
  return (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '';
}

describe('list connections', () => {
  it.runIf(onPostgres)('cancel a list query that runs too long with 503 QUERY_TIMEOUT', async () => {
    const quick = fromPostgresPools(
      postgresPool(url(), 1, () => {}),
      postgresPool(url(), 1, () => {}, 50),
    );
    try {
      const slow = withListTimeout(quick.listDb, (db) => queryRows(db, sql`select pg_sleep(0.5)`));
      await expect(slow).rejects.toMatchObject({ code: 'QUERY_TIMEOUT', status: 503 });
      // The connection is still good for the next page.
      await expect(withListTimeout(quick.listDb, (db) => queryRows(db, sql`select 1 as one`))).resolves.toEqual([
        { one: 1 },
      ]);
    } finally {
      await quick.close();
    }
  });

  it.runIf(onPostgres)('keep settings the URL gives and add their own', async () => {
    const withOptions = new URL(url());
    withOptions.searchParams.set('options', '-c application_name=cm-list-test');
    const lists = fromPostgresPools(
      postgresPool(url(), 1, () => {}),
      postgresPool(withOptions.toString(), 1, () => {}, 50),
    );
    try {
      const [row] = await queryRows<{ name: string; timeout: string; read_only: string; workers: string }>(
        lists.listDb,
        sql`select current_setting('application_name') as name, current_setting('statement_timeout') as timeout,
                   current_setting('default_transaction_read_only') as read_only,
                   current_setting('max_parallel_workers_per_gather') as workers`,
      );
      expect(row).toEqual({ name: 'cm-list-test', timeout: '50ms', read_only: 'on', workers: '0' });
    } finally {
      await lists.close();
    }
  });

  it.runIf(onPostgres)('cannot write', async () => {
    const writing = withListTimeout(database.listDb, (db) => queryRows(db, sql`create table list_wrote (id int)`));
    // 25006: read_only_sql_transaction.
    expect(databaseError(await writing.catch((error: unknown) => error))?.code).toBe('25006');
  });

  it('are separate from the connections that post: those have no timeout', async () => {
    const [row] = await queryRows<{ statement_timeout: string }>(database.db, sql`show statement_timeout`);
    expect(row?.statement_timeout).toBe('0');
    const [list] = await queryRows<{ statement_timeout: string }>(database.listDb, sql`show statement_timeout`);
    expect(list?.statement_timeout).toBe(onPostgres ? '5s' : '0');
  });
});
