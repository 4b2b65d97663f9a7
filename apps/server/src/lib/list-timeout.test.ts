import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { queryRows } from '../db/client.js';
import { withListTimeout } from './list-timeout.js';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('list statement timeout', () => {
  it('cancels a list query that runs too long with 503 QUERY_TIMEOUT on PostgreSQL; PGlite lets it finish', async () => {
    const slow = withListTimeout(database.db, (db) => queryRows(db, sql`select pg_sleep(0.5)`), 50);
    if (database.kind === 'postgres') {
      await expect(slow).rejects.toMatchObject({ code: 'QUERY_TIMEOUT', status: 503 });
    } else {
      await expect(slow).resolves.toHaveLength(1);
    }
  });

  it('the timeout ends with the list: the next statement on the same connection runs without it', async () => {
    await withListTimeout(database.db, (db) => queryRows(db, sql`select 1`), 50);
    // Every connection of the pool in turn; SET LOCAL must not have outlived its transaction on any.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) => queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`)),
      ),
    );
    expect(settings.map(([row]) => row?.statement_timeout)).toEqual(Array(10).fill('0'));
  });

  it('a list cannot write', async () => {
    const writing = withListTimeout(database.db, (db) => queryRows(db, sql`create table list_wrote (id int)`));
    await expect(writing).rejects.toThrow();
  });
});
