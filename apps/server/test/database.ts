import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createPglite,
  type DatabaseHandle,
  fromPglite,
  fromPostgresPools,
  LIST_STATEMENT_TIMEOUT_MS,
  postgresPool,
} from '../src/db/client.js';
import { testEngine } from './engine.js';
import { databaseUrl } from './global-setup.js';

/**
 * A fresh, migrated database of its own for the calling test file: an in-memory PGlite loaded from the
 * template dump, or a PostgreSQL database copied from the template database. Closing drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const engine = testEngine();
  const template = inject('databaseTemplate');
  if (engine.kind === 'pglite') {
    const client = await createPglite({ loadDataDir: new Blob([readFileSync(template)]) });
    return fromPglite(client);
  }
  const name = newDatabaseName(template);
  await withAdmin(engine.url, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = databaseUrl(engine.url, name);
  // Dropping the database terminates connections that are still closing; that is the point, not a failure.
  const ignore = () => {};
  const handle = fromPostgresPools(
    postgresPool(url, 10, ignore),
    postgresPool(url, 4, ignore, LIST_STATEMENT_TIMEOUT_MS),
  );
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(engine.url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database name under the run's prefix (the template is `<run>_template`). */
function newDatabaseName(template: string): string {
  return `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
}

/**
 * An empty PostgreSQL database (no migrations applied) for tests of whole server processes; it belongs
 * to this run, so the run's teardown drops it.
 */
export async function createPostgresDatabase(): Promise<string> {
  const engine = testEngine();
  if (engine.kind !== 'postgres') throw new Error('createPostgresDatabase needs TEST_ENGINE=postgres');
  const name = newDatabaseName(inject('databaseTemplate'));
  await withAdmin(engine.url, (admin) => admin.query(`create database ${name}`));
  return databaseUrl(engine.url, name);
}
