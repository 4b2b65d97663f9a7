import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { queryRows } from './client.js';
import { declaredFunctions, functionBody, functionsToMigrate } from './functions.js';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('database functions, declared once in src/db/functions', () => {
  it('have every declared statement applied by a migration (npm run db:functions writes the missing ones)', () => {
    expect(functionsToMigrate().map(({ name }) => name)).toEqual([]);
  });

  it('are exactly the functions the migrated database runs, with the same bodies', async () => {
    const running = await queryRows<{ name: string; body: string }>(
      database.db,
      sql`select p.proname as name, p.prosrc as body
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by p.proname`,
    );
    const declared = declaredFunctions();
    expect(running.map(({ name }) => name)).toEqual([...declared.keys()].sort());
    for (const { name, body } of running) expect(body, name).toBe(functionBody(declared.get(name) ?? ''));
  });
});
