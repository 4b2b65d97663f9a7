// Where a leaderboard or analytics answer's time goes: the service is called in this process on a pool whose
// connections record every statement they are sent; the whole call is timed (median of several), then each
// statement is run again under EXPLAIN (ANALYZE, BUFFERS), so the report can set the database's share against the
// call's and name the slowest statements. Full plans go to a file.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, fromPostgresPools, postgresPool } from '../../apps/server/src/db/client.js';
import { PlanCachingClient } from '../../apps/server/src/db/plan-cache.js';
import { analyticsService } from '../../apps/server/src/modules/analytics/service.js';
import { leaderboardService } from '../../apps/server/src/modules/leaderboard/service.js';
import { type SalesData, TIME_ZONE } from './data.js';
import { monthPeriod } from './periods.js';

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] | null = null;

/** The server's client (named statements, ADR 0012), noting what it is sent while `recording` is set. */
class RecordingClient extends PlanCachingClient {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; every call passes through
  override query(config: any, values?: any, callback?: any): any {
    if (recording) {
      const text = typeof config === 'string' ? config : config?.text;
      const parameters = Array.isArray(values) ? values : (config?.values ?? []);
      if (typeof text === 'string') recording.push({ text, values: parameters });
    }
    return super.query(config, values, callback);
  }
}

type Explained = { 'Planning Time': number; 'Execution Time': number; Plan: { 'Actual Rows': number } };

/** Calls `work` `times` times; returns the median milliseconds and the statements of the last call. */
async function timed(work: () => Promise<unknown>, times: number): Promise<{ median: number; statements: Recorded[] }> {
  const durations: number[] = [];
  let statements: Recorded[] = [];
  for (let run = 0; run < times; run++) {
    recording = [];
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
    statements = recording;
    recording = null;
  }
  durations.sort((a, b) => a - b);
  return { median: durations[Math.floor(durations.length / 2)] ?? Number.NaN, statements };
}

/** The breakdown of a leaderboard (a month, a quarter, this month) and an analytics call, as report lines and a file. */
export async function explainSales(url: string, data: SalesData): Promise<{ lines: string[]; file: string }> {
  const pool = new pg.Pool({ connectionString: url, max: 4, Client: RecordingClient });
  const handle = fromPostgresPools(pool, postgresPool(url, 1, console.warn));
  const db = handle.db as Database;
  const department = data.departments[0];
  const manager = department?.managers[0];
  if (!department || !manager) throw new Error('no department or manager to explain');
  const month = monthPeriod(data.months.at(-2) ?? '');
  const quarterStart = data.months.at(-12) ?? '';
  const quarter = { from: `${quarterStart}-01`, to: monthPeriod(data.months.at(-10) ?? '').to };
  const viewer = { userId: '00000000-0000-0000-0000-000000000000', role: 'administrator', departmentId: department.id };
  const cases: [string, () => Promise<unknown>][] = [
    [
      `leaderboard ${department.name} ${month.from}..${month.to}`,
      () => leaderboardService(db, TIME_ZONE).leaderboard(department.id, { ...month, rankBy: 'revenue' }),
    ],
    [
      `leaderboard ${department.name} ${quarter.from}..${quarter.to}`,
      () => leaderboardService(db, TIME_ZONE).leaderboard(department.id, { ...quarter, rankBy: 'revenue' }),
    ],
    [
      `leaderboard ${department.name} this month (the default, as boards ask)`,
      () => leaderboardService(db, TIME_ZONE).leaderboard(department.id, { rankBy: 'revenue' }),
    ],
    [
      `analytics of ${manager.id} ${month.from}..${month.to}`,
      () => analyticsService(db, TIME_ZONE).analytics(viewer, { managerId: manager.id, ...month }),
    ],
  ];
  const lines: string[] = [];
  const plans: string[] = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [label, work] of cases) {
      const { median, statements } = await timed(work, 7);
      const explained: { statement: Recorded; result: Explained }[] = [];
      for (const statement of statements) {
        // Twice: the first warms the cache; the second is reported.
        await client.query(`explain (analyze, buffers, format json) ${statement.text}`, statement.values);
        const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
          `explain (analyze, buffers, format json) ${statement.text}`,
          statement.values,
        );
        const result = rows[0]?.['QUERY PLAN'][0];
        if (result) explained.push({ statement, result });
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        plans.push(
          `-- ${label}\n${statement.text}\n-- ${JSON.stringify(statement.values)}\n\n${text.rows
            .map((row) => row['QUERY PLAN'])
            .join('\n')}\n`,
        );
      }
      const database = explained.reduce(
        (sum, { result }) => sum + result['Planning Time'] + result['Execution Time'],
        0,
      );
      lines.push(
        `${label}: ${median.toFixed(1)} ms per call in one process (median of 7), ${statements.length} statements, ` +
          `${database.toFixed(1)} ms of them planning + executing in PostgreSQL (run one by one)`,
      );
      const slowest = [...explained]
        .sort((a, b) => b.result['Execution Time'] - a.result['Execution Time'])
        .slice(0, 4);
      for (const { statement, result } of slowest) {
        lines.push(
          `    ${result['Execution Time'].toFixed(2).padStart(7)} ms exec ${result['Planning Time'].toFixed(2).padStart(6)} ms plan ${String(result.Plan['Actual Rows']).padStart(5)} rows  ${statement.text.replace(/\s+/g, ' ').slice(0, 110)}`,
        );
      }
    }
  } finally {
    await client.end();
    await handle.close();
  }
  const file = path.join(tmpdir(), `sales-load-plans-${Date.now()}.txt`);
  writeFileSync(file, plans.join('\n'));
  return { lines, file };
}
