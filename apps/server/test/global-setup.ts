import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, MIGRATIONS_FOLDER } from '../src/db/client.js';
import { testEngine } from './engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data directory dump. PostgreSQL: name of a migrated template database. */
    databaseTemplate: string;
  }
}

/** Migrates one template database per run; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  // Global setup runs in the main process, where the project's `env` is not applied yet.
  const engine = testEngine(project.config.env?.TEST_ENGINE);
  if (engine.kind === 'pglite') {
    const directory = mkdtempSync(path.join(tmpdir(), 'cm-test-'));
    const client = await createPglite();
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const file = path.join(directory, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('databaseTemplate', file);
    return () => rmSync(directory, { recursive: true, force: true });
  }

  // Every database of this run shares the run's prefix, so teardown also removes what a crashed file left.
  const run = `cm_test_${randomBytes(4).toString('hex')}`;
  const template = `${run}_template`;
  const admin = new pg.Client({ connectionString: engine.url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(engine.url, template), max: 1 });
  await migratePostgres(drizzle({ client: pool }), { migrationsFolder: MIGRATIONS_FOLDER });
  await pool.end();
  project.provide('databaseTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${run}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
