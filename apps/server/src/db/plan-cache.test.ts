import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { queryRows } from './client.js';
import { statementName } from './plan-cache.js';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('statement names', () => {
  it('are the same for the same text and differ between texts', () => {
    expect(statementName('select $1::int')).toBe(statementName('select $1::int'));
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::text'));
  });

  it.runIf(database.kind === 'postgres')(
    'make PostgreSQL keep the statement and reuse its plan on the connection',
    async () => {
      const text = sql`select count(*)::int as n from users where email = ${'nobody@example.com'}`;
      const runs = await database.db.transaction(async (tx) => {
        for (let run = 0; run < 7; run += 1) await queryRows(tx, text);
        return queryRows<{ generic_plans: number; custom_plans: number }>(
          tx,
          sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like ${'%nobody%'} or statement like ${'%from users where email = $1'}`,
        );
      });
      expect(runs).toHaveLength(1);
      expect((runs[0]?.generic_plans ?? 0) + (runs[0]?.custom_plans ?? 0)).toBe(7);
      expect(runs[0]?.generic_plans).toBeGreaterThan(0);
    },
  );

  it.runIf(database.kind === 'postgres')(
    'are not given to statements with many parameters (multi-row batches): those stay unprepared',
    async () => {
      const values = Array.from({ length: 65 }, (_, index) => sql`${index}::int`);
      const prepared = await database.db.transaction(async (tx) => {
        await queryRows(tx, sql`select greatest(${sql.join(values, sql`, `)}) as most`);
        return queryRows(tx, sql`select name from pg_prepared_statements where statement like ${'%greatest($1::int%'}`);
      });
      expect(prepared).toEqual([]);
    },
  );
});
