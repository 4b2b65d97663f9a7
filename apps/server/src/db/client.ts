import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { lockDataDirectory } from './data-dir-lock.js';
import { type Listen, postgresListener } from './notifications.js';
import { PlanCachingClient } from './plan-cache.js';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; pg and PGlite both answer with `{ rows }`. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /**
   * Where list pages read: on PostgreSQL, connections of their own whose statements are read-only and
   * cancelled after LIST_STATEMENT_TIMEOUT_MS (see lib/list-timeout.ts); on PGlite, `db` itself.
   */
  listDb: Database;
  /** Notifications of a channel (NOTIFY): PGlite delivers its own in process, PostgreSQL through a connection. */
  listen: Listen;
  close(): Promise<void>;
};

/** A page of a list takes milliseconds; one that takes seconds serves no one still waiting for it. */
export const LIST_STATEMENT_TIMEOUT_MS = 5000;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant shared by every instance, so that only one applies migrations at a time. */
const MIGRATION_LOCK_KEY = 7_311_240_517;

/** Opens the configured database and applies pending migrations before returning. */
export async function openDatabase(
  database: Config['database'],
  log: (message: string) => void = () => {},
): Promise<DatabaseHandle> {
  return database.kind === 'pglite'
    ? openEmbedded(database.directory, log)
    : openPostgres(database.url, database.poolSize, log);
}

async function openEmbedded(directory: string, log: (message: string) => void): Promise<DatabaseHandle> {
  const release = lockDataDirectory(path.dirname(directory));
  try {
    const client = await createPglite({ dataDir: directory });
    const handle = fromPglite(client);
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    log(`embedded database ready in ${directory}`);
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens a PGlite instance with the extensions the migrations need (in memory unless `dataDir` is given). */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/** Wraps an already open PGlite instance (tests open in-memory clones of a migrated template). */
export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    listDb: db,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

/**
 * Sort and hash memory of a list statement. A report's page aggregates every balance of the department (ADR 0044):
 * with PostgreSQL's default of 4 MB those aggregates spill to disk and take half as long again. A statement takes
 * it per sort or hash, and only as far as it needs it; pages of plain lists never come near it. Their statements are
 * not compiled either (`jit=off`): a report's estimated cost makes PostgreSQL compile it, which took longer than
 * the compiled code saved (a quarter's movement summary: 2.7 s with it, 1.7 s without).
 */
export const LIST_WORK_MEM = '32MB';

/**
 * A pool of connections that keep their statements' plans (ADR 0012). With `statementTimeoutMs`, every
 * statement on them is read-only and cancelled after that long, and never runs in parallel: the pool of
 * list pages. Many pages run at once, so workers started for one page only take cores from the others, and
 * PostgreSQL chose a parallel sequential scan over index lookups for a filtered page on the estimate of one
 * page alone (ADR 0015).
 */
export function postgresPool(
  url: string,
  max: number,
  log: (message: string) => void,
  statementTimeoutMs?: number,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString:
      statementTimeoutMs === undefined
        ? url
        : withSettings(
            url,
            `-c statement_timeout=${Math.round(statementTimeoutMs)} -c default_transaction_read_only=on -c max_parallel_workers_per_gather=0 -c work_mem=${LIST_WORK_MEM} -c jit=off`,
          ),
    max,
    Client: PlanCachingClient,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => log(`idle database connection failed: ${error.message}`));
  return pool;
}

/**
 * The URL with server settings added to the `options` it already carries (or to PGOPTIONS): pg lets a
 * URL's `options` replace the pool's, which would silently drop ours.
 */
function withSettings(url: string, settings: string): string {
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options') ?? process.env.PGOPTIONS;
  parsed.searchParams.set('options', own ? `${own} ${settings}` : settings);
  return parsed.toString();
}

async function openPostgres(url: string, poolSize: number, log: (message: string) => void): Promise<DatabaseHandle> {
  const pool = postgresPool(url, poolSize, log);
  try {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      connection.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  log('PostgreSQL database ready');
  return fromPostgresPools(pool, postgresPool(url, poolSize, log, LIST_STATEMENT_TIMEOUT_MS), log);
}

/** The handle of a pool for everything and a pool for list pages (see `postgresPool`). */
export function fromPostgresPools(
  pool: pg.Pool,
  listPool: pg.Pool,
  log: (message: string) => void = () => {},
): DatabaseHandle {
  const open = (client: pg.Pool) => drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Database;
  const notifications = postgresListener(pool.options, log);
  return {
    kind: 'postgres',
    db: open(pool),
    listDb: open(listPool),
    listen: notifications.listen,
    close: async () => {
      await Promise.all([notifications.close(), pool.end(), listPool.end()]);
    },
  };
}
