// The benchmark's database: created (or reused) and filled with generated stock, the samples the scenarios pick
// their targets from, and the wait for it to go idle between scenarios.
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { upsertUser } from '../../apps/server/src/modules/users/service.js';
import { describeStockData, generateStockData, MOVEMENTS_PER_COMPONENT, type StockData } from '../stock-data.js';
import type { FilterTargets } from './varied-filters.js';

/** The administrator the benchmark signs in as. */
export const BENCH_ACCOUNT = { email: 'bench-admin@example.com', password: 'bench-password-long-enough' };
const DEPARTMENT = 'Bench Warehouse';

/** Turns drizzle statements into the text and parameters pg sends, as the server's client does. */
export const dialect = new PgDialect();

/** A stock balance that postings can issue from. */
export type PostingTarget = { componentId: string; locationId: string };

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own, closed afterwards whatever happens. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` and generates its stock, or, when `reuse` is set, vacuums the kept one and reads it. */
export async function prepareDatabase(options: {
  adminUrl: string;
  name: string;
  reuse: boolean;
  components: number;
}): Promise<{ data: StockData; userId: string; departmentId: string }> {
  const { adminUrl, name, reuse, components } = options;
  const url = databaseUrl(adminUrl, name);
  if (!reuse) await withClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  // The server's own migrations and user service: the same schema and the same password hashing as production.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  let user: { id: string };
  try {
    user = await upsertUser(database.db, {
      ...BENCH_ACCOUNT,
      role: 'administrator',
      name: 'Bench Administrator',
      departments: [DEPARTMENT],
    });
  } finally {
    await database.close();
  }
  return withClient(url, async (client) => {
    const [department] = (
      await client.query<{ id: string }>('select id from departments where name = $1', [DEPARTMENT])
    ).rows;
    if (!department) throw new Error('the bench department is missing');
    if (reuse) {
      // A kept database starts where a generated one does: vacuumed. This machine's PostgreSQL runs without
      // autovacuum, so the dead rows of earlier runs' postings (thousands per stock summary slot) would otherwise
      // pile up, and each run would start slower than the last.
      const started = performance.now();
      await client.query('vacuum (analyze)');
      console.log(`Vacuumed ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      return { data: await describeStockData(client), userId: user.id, departmentId: department.id };
    }
    console.log(
      `Generating ${components} components and ${components * MOVEMENTS_PER_COMPONENT} movements in ${name}:`,
    );
    const started = performance.now();
    const data = await generateStockData(client, {
      departmentId: department.id,
      userId: user.id,
      components,
      log: (message) => console.log(message),
    });
    console.log(
      `  total ${((performance.now() - started) / 1000).toFixed(1)} s: ${data.components} components, ${data.movements} movements, ${data.balances} balances\n`,
    );
    return { data, userId: user.id, departmentId: department.id };
  });
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/** The PostgreSQL settings that shape the figures, as `name=value` for the report's header. */
export async function postgresSettings(url: string): Promise<string[]> {
  const settings = await withClient(url, (client) =>
    client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('server_version', 'shared_buffers', 'work_mem', 'jit', 'max_connections', 'max_parallel_workers_per_gather')
       order by name`,
    ),
  );
  return settings.rows.map((row) => `${row.name}=${row.setting}${row.unit ?? ''}`);
}

/** What the scenarios pick from, beyond the generated data's own description. */
export type Samples = {
  /** 10 000 components in a fixed shuffled order. */
  componentIds: string[];
  /** Balances of 1 000 ordinary components with plenty of stock: postings that never wait for each other. */
  spread: PostingTarget[];
  /** The category and location trees' levels, for the varied filters. */
  filterTargets: FilterTargets;
};

export async function samples(url: string): Promise<Samples> {
  return withClient(url, async (client) => {
    const componentIds = (
      await client.query<{ id: string }>(`select id from components order by md5(id::text) limit 10000`)
    ).rows.map((row) => row.id);
    const spread = (
      await client.query<{ component_id: string; location_id: string }>(
        `select component_id, location_id from stock_balances b join components c on c.id = b.component_id
         where b.quantity >= 500 and c.sku like 'BX-%' order by md5(component_id::text) limit 1000`,
      )
    ).rows.map((row) => ({ componentId: row.component_id, locationId: row.location_id }));
    const ids = async (text: string) => (await client.query<{ id: string }>(text)).rows.map((row) => row.id);
    const filterTargets = {
      roots: await ids(`select id from categories where parent_id is null order by path`),
      series: await ids(`select id from categories where parent_id is not null order by path`),
      shelves: await ids(`select id from locations where cardinality(ancestor_ids) = 2 order by path`),
      bins: await ids(`select id from locations where cardinality(ancestor_ids) = 3 order by path`),
    };
    return { componentIds, spread, filterTargets };
  });
}

/** Waits until no other session of the database is busy; returns the seconds it took. */
export async function drain(url: string): Promise<number> {
  const started = performance.now();
  await withClient(url, async (client) => {
    for (let quiet = 0; quiet < 2; ) {
      const [row] = (
        await client.query<{ busy: string }>(
          `select count(*) as busy from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
        )
      ).rows;
      quiet = Number(row?.busy) === 0 ? quiet + 1 : 0;
      if (performance.now() - started > 600_000) throw new Error('the server did not finish its backlog in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  return (performance.now() - started) / 1000 - 0.5;
}
