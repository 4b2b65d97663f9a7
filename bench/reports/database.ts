// The reports benchmark's database: the stock benchmark's data with two years of history (stock-data.ts,
// HISTORY), posted by a handful of people, and the checks that the history is a ledger the balances agree with.
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { upsertUser } from '../../apps/server/src/modules/users/service.js';
import {
  departmentTotalMismatches,
  movementCountMismatches,
  summaryMismatches,
} from '../../apps/server/test/stock-summary-checks.js';
import {
  describeStockData,
  generateStockData,
  HISTORY,
  MOVEMENTS_PER_COMPONENT,
  type StockData,
} from '../stock-data.js';
import { BENCH_ACCOUNT, databaseUrl, dialect, withClient } from '../stock-load/database.js';

const DEPARTMENT = 'Bench Warehouse';
/** Storekeepers beside the administrator: the activity report has people to rank. */
const STOREKEEPERS = 11;

export type ReportsDatabase = { data: StockData; departmentId: string };

/** Creates database `name` and generates the history, or, when `reuse` is set, vacuums the kept one and reads it. */
export async function prepareReportsDatabase(options: {
  adminUrl: string;
  name: string;
  reuse: boolean;
  components: number;
}): Promise<ReportsDatabase> {
  const { adminUrl, name, reuse, components } = options;
  const url = databaseUrl(adminUrl, name);
  if (!reuse) await withClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  // The server's own migrations and user service: the same schema and password hashing as production.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const people: string[] = [];
  try {
    const admin = await upsertUser(database.db, {
      ...BENCH_ACCOUNT,
      role: 'administrator',
      name: 'Bench Administrator',
      departments: [DEPARTMENT],
    });
    people.push(admin.id);
    if (!reuse) {
      for (let index = 1; index <= STOREKEEPERS; index++) {
        const keeper = await upsertUser(database.db, {
          email: `bench-storekeeper-${index}@example.com`,
          password: BENCH_ACCOUNT.password,
          role: 'worker',
          name: `Bench Storekeeper ${String(index).padStart(2, '0')}`,
          departments: [DEPARTMENT],
        });
        people.push(keeper.id);
      }
    }
  } finally {
    await database.close();
  }
  return withClient(url, async (client) => {
    const [department] = (
      await client.query<{ id: string }>('select id from departments where name = $1', [DEPARTMENT])
    ).rows;
    if (!department) throw new Error('the bench department is missing');
    if (reuse) {
      // As bench:stock: this machine's PostgreSQL runs without autovacuum.
      const started = performance.now();
      await client.query('vacuum (analyze)');
      console.log(`Vacuumed ${name} in ${seconds(started)} s\n`);
      return { data: await describeStockData(client), departmentId: department.id };
    }
    console.log(
      `Generating ${components} components and ${components * MOVEMENTS_PER_COMPONENT} movements over ${HISTORY.days} days in ${name}:`,
    );
    const started = performance.now();
    const data = await generateStockData(client, {
      departmentId: department.id,
      userId: people[0] ?? '',
      components,
      history: true,
      postedBy: people,
      log: (message) => console.log(message),
    });
    data.seconds.total = (performance.now() - started) / 1000;
    console.log(
      `  total ${seconds(started)} s: ${data.components} components, ${data.movements} movements, ${data.balances} balances\n`,
    );
    return { data, departmentId: department.id };
  });
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** Signed changes of the balances, one per movement and location it touches, in posting order. */
const LEDGER_DELTAS = `
  select component_id, to_location_id as location_id, quantity as delta, created_at, number from movements
  where to_location_id is not null
  union all
  select component_id, from_location_id, -quantity, created_at, number from movements where from_location_id is not null`;

/**
 * The history as a ledger: no balance below zero at any instant, balances and the kept totals equal to the
 * ledger's sums; and what the reports will find in it. One line each for the report; "NOT OK" marks a failure.
 */
export async function historyChecks(client: pg.Client): Promise<string[]> {
  const count = async (text: string) => Number((await client.query<{ count: string }>(text)).rows[0]?.count);
  const mismatches = async (statement: SQL) => {
    const compiled = dialect.sqlToQuery(statement);
    return (await client.query(`select count(*) from (${compiled.sql}) m`, compiled.params)).rows[0]?.count;
  };
  const ok = (good: boolean) => (good ? 'ok' : 'NOT OK');
  const negative = await count(
    `select count(*) from (
       select sum(delta) over (partition by component_id, location_id order by created_at, number) as running
       from (${LEDGER_DELTAS}) d) r
     where running < 0`,
  );
  const ledger = await count(
    `select count(*) from (select component_id, location_id, sum(delta) as quantity from (${LEDGER_DELTAS}) d group by 1, 2) l
     full join stock_balances b using (component_id, location_id)
     where l.quantity is distinct from b.quantity`,
  );
  const department = Number(await mismatches(departmentTotalMismatches()));
  const summary = Number(await mismatches(summaryMismatches()));
  const counted = Number(await mismatches(movementCountMismatches()));
  const [span] = (
    await client.query<{ first: Date; last: Date; days: string }>(
      `select min(created_at) as first, max(created_at) as last,
              extract(day from max(created_at) - min(created_at))::int as days from movements`,
    )
  ).rows;
  const [shape] = (
    await client.query<{ dead365: string; dead180: string; low: string; receipts_costed: string; people: string }>(
      `with last_moved as (select component_id, max(created_at) as at from movements group by 1)
       select (select count(*) from last_moved join department_stock s using (component_id)
               where s.quantity > 0 and at <= now() - interval '365 days') as dead365,
              (select count(*) from last_moved join department_stock s using (component_id)
               where s.quantity > 0 and at <= now() - interval '180 days') as dead180,
              (select count(*) from components c left join department_stock s on s.component_id = c.id
               where coalesce(s.quantity, 0) < c.minimum_stock) as low,
              (select count(*) from movements where type = 'receipt' and unit_cost_minor is not null) as receipts_costed,
              (select count(distinct user_id) from movements) as people`,
    )
  ).rows;
  return [
    `${ok(negative === 0)}: balances below zero at some instant of the ledger: ${negative}`,
    `${ok(ledger === 0)}: stock_balances ≠ the ledger's sums (per component and location): ${ledger}`,
    `${ok(department === 0)}: department_stock ≠ sum of balances: ${department}`,
    `${ok(summary === 0)}: stock_summary ≠ count and sums of balances: ${summary}`,
    `${ok(counted === 0)}: stock_summary ≠ count of movements: ${counted}`,
    `history: ${span?.first.toISOString()} … ${span?.last.toISOString()} (${span?.days} days); ${shape?.people} people posted`,
    `on hand and last moved ≥ 365 days ago: ${shape?.dead365}; ≥ 180 days ago: ${shape?.dead180}; ` +
      `below their minimum stock: ${shape?.low}; receipts with a unit cost: ${shape?.receipts_costed}`,
  ];
}
