// The stock reports on the benchmark data set (issue #27): a fresh PostgreSQL database with 100 000 components and
// 1 000 000 movements spread over two years (bench/stock-data.ts with HISTORY: dead stock, components below their
// minimum, receipts at a cost, a dozen people posting), the real server in its own process on loopback, and one
// client asking. Measures the one-time build of the monthly closings, the first page of each of the 7 reports over
// varied parameters (p50/p95/max), then a full export of each report in each format (rows, seconds, rows/s, the
// server's peak resident memory growth) on a freshly started server; prints them beside the issue's targets, and
// replays the slowest requests under auto_explain to print the plans of their slow statements.
//
// Run: npm run bench:reports
// Environment (all optional):
//   BENCH_DATABASE_URL  admin URL of the PostgreSQL server   (postgres://postgres@127.0.0.1:5432/postgres)
//   COMPONENTS          generated components                  (100000; movements = 10 per component)
//   REPEAT              asks of each first page                (3)
//   PHASES              comma-separated subset of: pages, exports, explain   (all)
//   REPORTS             comma-separated subset of the report names, for pages and exports   (all)
//   FORMATS             comma-separated subset of csv, xlsx, pdf for the exports   (all)
//   TIMEOUT             seconds before a page request gives up (60)
//   EXPORT_TIMEOUT      seconds before an export gives up (300, fetch's own limit for the first byte); the
//                       statements it left running in the database are cancelled, so they burn no CPU meanwhile
//   EXPLAIN_MS          replay a report's slowest page under auto_explain when it took longer (300)
//   STATEMENT_MS        statements logged with their plans during the replay: those slower than this (50)
//   PG_LOG_FILE         PostgreSQL's log, where auto_explain writes   (/var/log/postgresql/postgresql-15-main.log)
//   DATABASE_POOL_SIZE  the server's pool                     (20)
//   KEEP=1              keep the database afterwards (its name is printed)
//   REUSE=<name>        run against a database kept by an earlier run, skipping the generation (closings built by
//                       that run stay built: the closings figure is then that of a kept database)
//   SKIP_BUILD=1        use the existing apps/server/dist build
//   SERVER_DIR=<dir>    run <dir>/dist/server.js instead of apps/server's (e.g. a patched copy, to measure a change)
//   SERVER_NODE_OPTIONS options for the server's node, space-separated (e.g. --max-old-space-size=192, to see whether
//                       an export's memory growth is garbage not yet collected or memory it holds)
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { REPORT_NAMES, type ReportFormat } from '@cm/contract';
import { calendar, type ExportCase, exportCases, type FilterIds, pageCases, todayIn } from './reports/cases.js';
import { historyChecks, prepareReportsDatabase } from './reports/database.js';
import { explainSlowRequests, type Replay } from './reports/explain.js';
import {
  type ExportResult,
  measureExport,
  type PageTiming,
  residentMiB,
  type Server,
  spreadOf,
  timePage,
} from './reports/measure.js';
import { casesTable, exportsTable, pagesTable, rowsPerSecond, TARGETS } from './reports/report.js';
import { buildServer, type ServerProcess, startBuiltServer } from './server-process.js';
import { BENCH_ACCOUNT, databaseUrl, dropDatabase, postgresSettings, withClient } from './stock-load/database.js';
import { loadAverage } from './stock-load/report.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPONENTS = Number(process.env.COMPONENTS ?? 100_000);
const REPEAT = Number(process.env.REPEAT ?? 3);
const PHASES = (process.env.PHASES ?? 'pages,exports,explain').split(',').map((phase) => phase.trim());
const REPORTS = process.env.REPORTS
  ? REPORT_NAMES.filter((report) =>
      process.env.REPORTS?.split(',')
        .map((name) => name.trim())
        .includes(report),
    )
  : REPORT_NAMES;
const SERVER_NODE_OPTIONS = process.env.SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
const FORMATS = (process.env.FORMATS ?? 'csv,xlsx,pdf').split(',').map((format) => format.trim()) as ReportFormat[];
const TIMEOUT_MS = Number(process.env.TIMEOUT ?? 60) * 1000;
const EXPORT_TIMEOUT_MS = Number(process.env.EXPORT_TIMEOUT ?? 300) * 1000;
const EXPLAIN_MS = Number(process.env.EXPLAIN_MS ?? 300);
const STATEMENT_MS = Number(process.env.STATEMENT_MS ?? 50);
const PG_LOG_FILE = process.env.PG_LOG_FILE ?? '/var/log/postgresql/postgresql-15-main.log';
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '20';
const KEEP = process.env.KEEP === '1';
const REUSE = process.env.REUSE;
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.resolve(ROOT, process.env.SERVER_DIR ?? 'apps/server');
const TIME_ZONE = 'Europe/Moscow';

/** Starts the server on the database and signs the bench administrator in, in the generated department. */
async function startServer(url: string, departmentId: string): Promise<{ process: ServerProcess; server: Server }> {
  const started = await startBuiltServer({
    serverDir: SERVER_DIR,
    nodeOptions: SERVER_NODE_OPTIONS,
    env: {
      DATABASE_URL: url,
      APP_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      DATABASE_POOL_SIZE: POOL_SIZE,
      ACCESS_TOKEN_TTL: '2h',
      WEB_DIST_DIR: '/nonexistent',
      TIME_ZONE,
    },
  });
  try {
    const login = await fetch(`${started.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ACCOUNT),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const body = (await login.json()) as { accessToken: string; user: { currentDepartment: { id: string } | null } };
    if (body.user.currentDepartment?.id !== departmentId) throw new Error('the bench administrator works elsewhere');
    return { process: started, server: { origin: started.origin, pid: started.pid ?? 0, token: body.accessToken } };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

async function filterIds(url: string): Promise<FilterIds> {
  return withClient(url, async (client) => {
    const [category] = (await client.query<{ id: string }>(`select id from categories where path = 'Capacitors'`)).rows;
    const [shelf] = (
      await client.query<{ id: string }>(
        `select id from locations where cardinality(ancestor_ids) = 2 order by path limit 1`,
      )
    ).rows;
    if (!category || !shelf) throw new Error('the Capacitors category or a shelf is missing');
    return { rootCategoryId: category.id, shelfId: shelf.id };
  });
}

/**
 * The monthly closings' one-time build: the first report that needs them builds the missing months, so the first
 * valuation at a past date is timed on its own ("first request, builds closings") and left out of the pages.
 */
async function buildClosings(server: Server, date: string): Promise<PageTiming> {
  return timePage(
    server,
    {
      report: 'stock-valuation',
      label: `first request, builds closings: date=${date}`,
      params: { date, groupBy: 'category', page: '1', pageSize: '25' },
    },
    1,
    EXPORT_TIMEOUT_MS,
  );
}

/** Measures one export and prints a line on it; a failed one's statements still running are cancelled. */
async function exported(
  url: string,
  server: Server,
  exportCase: ExportCase,
  format: ReportFormat,
): Promise<ExportResult> {
  const result = await measureExport(server, exportCase, format, EXPORT_TIMEOUT_MS);
  const cancelled = result.complete ? 0 : await cancelRunning(url);
  console.log(
    `  ${exportCase.report} ${format} (${exportCase.note}): ${result.complete ? `${result.rows} rows` : `status ${result.status}, ${result.error ?? ''}`}, ${result.seconds.toFixed(2)} s, RSS ${result.rssBeforeMiB.toFixed(0)} → peak ${result.rssPeakMiB.toFixed(0)} MiB${cancelled > 0 ? `; cancelled ${cancelled} statement(s) it left running` : ''}`,
  );
  return result;
}

/**
 * Cancels whatever still runs in the benchmark's database: the server does not cancel a statement when its client
 * goes away, and a runaway export would share the CPU with everything measured after it.
 */
async function cancelRunning(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ cancelled: boolean }>(
      `select pg_cancel_backend(pid) as cancelled from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    return rows.filter((row) => row.cancelled).length;
  });
}

/** The monthly closings the server has written so far (ADR 0044): months and rows. */
async function closingsKept(url: string): Promise<{ months: number; rows: number }> {
  return withClient(url, async (client) => {
    const [row] = (
      await client.query<{ months: string; rows: string }>(
        `select (select count(*) from stock_closing_months) as months, (select count(*) from stock_closings) as rows`,
      )
    ).rows;
    return { months: Number(row?.months), rows: Number(row?.rows) };
  });
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') buildServer();
  const name = REUSE ?? `cm_bench_reports_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(ADMIN_URL, name);
  let running: ServerProcess | null = null;
  try {
    const { data, departmentId } = await prepareReportsDatabase({
      adminUrl: ADMIN_URL,
      name,
      reuse: Boolean(REUSE),
      components: COMPONENTS,
    });
    const checksStarted = performance.now();
    const checks = await withClient(url, historyChecks);
    console.log(`Checks of the history (${seconds(performance.now() - checksStarted)} s):`);
    for (const line of checks) console.log(`  ${line}`);
    const settings = await postgresSettings(url);
    const ids = await filterIds(url);
    const today = todayIn(TIME_ZONE);
    const { dates } = calendar(today);

    let { process: serverProcess, server } = await startServer(url, departmentId);
    running = serverProcess;
    console.log(
      `\nServer ${path.relative(ROOT, SERVER_DIR)} at ${server.origin} (pid ${server.pid}), pool ${POOL_SIZE}, TIME_ZONE ${TIME_ZONE}${SERVER_NODE_OPTIONS.length > 0 ? `, node ${SERVER_NODE_OPTIONS.join(' ')}` : ''}, today ${today}; ${
        cpus().length
      } CPUs (load average ${loadAverage()}); PostgreSQL ${settings.join(', ')}`,
    );
    console.log(`Data: ${data.components} components, ${data.movements} movements, ${data.balances} balances\n`);

    const closingsBefore = await closingsKept(url);
    const closings = await buildClosings(server, dates['20 months back']);
    const closingsAfter = await closingsKept(url);
    const again = await timePage(server, closings.case, 2, TIMEOUT_MS);
    console.log(
      `Monthly closings, ${closings.case.label}: ${seconds(closings.ms)} s (status ${closings.status}${closings.error ? `: ${closings.error}` : ''}); ` +
        `built ${closingsAfter.months - closingsBefore.months} months, ${closingsAfter.rows - closingsBefore.rows} rows ` +
        `(kept now: ${closingsAfter.months} months, ${closingsAfter.rows} rows); the same request again: ${seconds(again.ms)} s`,
    );

    const timings: PageTiming[] = [];
    if (PHASES.includes('pages')) {
      const cases = pageCases(today, ids).filter((reportCase) => REPORTS.includes(reportCase.report));
      console.log(`\nFirst pages: ${cases.length} cases × ${REPEAT} asks, one client, rounds over all cases…`);
      const started = performance.now();
      for (let round = 1; round <= REPEAT; round++) {
        for (const reportCase of cases) {
          const timing = await timePage(server, reportCase, round, TIMEOUT_MS);
          timings.push(timing);
          if (timing.status !== 200) {
            console.log(`  ${reportCase.report} ${reportCase.label}: ${timing.status} ${timing.error ?? ''}`);
          }
        }
      }
      console.log(
        `  ${seconds(performance.now() - started)} s; server RSS now ${residentMiB(server.pid).toFixed(0)} MiB; load average ${loadAverage()}`,
      );
      console.log(`\n${pagesTable(REPORTS, timings)}`);
      console.log(`\nEach case (rows: the report's total):\n${casesTable(timings)}`);
    }

    const results: ExportResult[] = [];
    let warmPdf: ExportResult | undefined;
    if (PHASES.includes('exports')) {
      // A fresh server: the figures of the 10 000-row PDF start from an idle process, not from the pages' heap.
      await serverProcess.stop();
      ({ process: serverProcess, server } = await startServer(url, departmentId));
      running = serverProcess;
      console.log(
        `\nExports on a fresh server (pid ${server.pid}, RSS ${residentMiB(server.pid).toFixed(0)} MiB after sign-in), one at a time, lang=en:`,
      );
      for (const exportCase of exportCases(today).filter((candidate) => REPORTS.includes(candidate.report))) {
        for (const format of exportCase.formats.filter((candidate) => FORMATS.includes(candidate))) {
          results.push(await exported(url, server, exportCase, format));
        }
      }
      const deadStock = exportCases(today).find((candidate) => candidate.report === 'dead-stock');
      if (deadStock && REPORTS.includes('dead-stock') && FORMATS.includes('pdf')) {
        // The same PDF on a server that has written one small PDF already: how much of the first one's memory is
        // the one-time loading of the PDF writer and its fonts.
        await serverProcess.stop();
        ({ process: serverProcess, server } = await startServer(url, departmentId));
        running = serverProcess;
        console.log(`Again on another fresh server (pid ${server.pid}), after a small PDF:`);
        const week = calendar(today).periods['last week'];
        const small = { report: 'activity-by-user', label: `${week.from}..${week.to}`, params: week } as const;
        await exported(url, server, { ...small, formats: ['pdf'], note: 'warm-up' }, 'pdf');
        warmPdf = await exported(
          url,
          server,
          { ...deadStock, label: `${deadStock.label}, after a small PDF`, note: 'after a small PDF' },
          'pdf',
        );
        results.push(warmPdf);
      }
      console.log(`  load average ${loadAverage()}\n\n${exportsTable(results)}`);
    }
    await serverProcess.stop();
    running = null;

    console.log(`\nTargets (issue #27):`);
    console.log(
      `  monthly closings, one-time build (first valuation at a past date, ${closingsAfter.months - closingsBefore.months} months): ${seconds(closings.ms)} s, the same request once built ${seconds(again.ms)} s (no target; reported)`,
    );
    if (timings.length > 0) {
      for (const report of REPORTS) {
        const spread = spreadOf(timings.filter((timing) => timing.case.report === report));
        const over = spread.max - TARGETS.pageMs;
        console.log(
          `  ${report} first page ≤ ${TARGETS.pageMs} ms: ${over <= 0 && spread.failed.length === 0 ? 'met' : 'MISSED'} (max ${spread.max.toFixed(0)} ms${over > 0 ? `, ${over.toFixed(0)} ms over, ${spread.slowest?.case.label}` : ''}${spread.failed.length ? `, ${spread.failed.length} failed` : ''})`,
        );
      }
    }
    const pdf = results.find((result) => result.case.report === 'dead-stock' && result.format === 'pdf');
    for (const [result, when] of [
      [pdf, 'first export of a fresh server'],
      [warmPdf, 'after a small PDF'],
    ] as const) {
      if (!result) continue;
      const growth = result.rssPeakMiB - result.rssBeforeMiB;
      const met = result.complete && result.seconds <= TARGETS.pdfSeconds && growth <= TARGETS.pdfGrowthMiB;
      console.log(
        `  ${result.rows}-row PDF (dead-stock days=365, ${when}) ≤ ${TARGETS.pdfSeconds} s and ≤ ${TARGETS.pdfGrowthMiB} MiB growth: ${met ? 'met' : 'MISSED'} (${result.seconds.toFixed(2)} s, +${growth.toFixed(0)} MiB${result.complete ? '' : `, failed: status ${result.status}, ${result.error ?? ''}`})`,
      );
    }
    const csv = results.find((result) => result.case.report === 'movement-summary' && result.format === 'csv');
    if (csv) {
      const rate = rowsPerSecond(csv);
      console.log(
        `  movement summary full CSV ≥ ${TARGETS.csvRowsPerSecond} rows/s: ${rate >= TARGETS.csvRowsPerSecond ? 'met' : 'MISSED'} (${csv.rows} rows in ${csv.seconds.toFixed(2)} s = ${rate.toFixed(0)} rows/s${csv.complete ? '' : `, failed: status ${csv.status}, ${csv.error ?? ''}`})`,
      );
    }

    if (PHASES.includes('explain')) {
      const replays: Replay[] = [];
      for (const report of REPORTS) {
        const { slowest } = spreadOf(timings.filter((timing) => timing.case.report === report));
        if (slowest && slowest.ms > EXPLAIN_MS) {
          replays.push({
            label: `${report} ${slowest.case.label} (${slowest.ms.toFixed(0)} ms)`,
            path: `/api/reports/${report}?${new URLSearchParams(slowest.case.params)}`,
          });
        }
      }
      const missed = [pdf, csv].filter(
        (result): result is ExportResult =>
          result !== undefined &&
          (result === pdf ? result.seconds > TARGETS.pdfSeconds : rowsPerSecond(result) < TARGETS.csvRowsPerSecond),
      );
      for (const result of missed) {
        replays.push({
          label: `${result.case.report} ${result.format} export (${result.seconds.toFixed(1)} s)`,
          path: `/api/reports/${result.case.report}/export?${new URLSearchParams({ ...result.case.params, format: result.format, lang: 'en' })}`,
        });
      }
      console.log(
        `\nThe slow requests again, on a fresh server whose sessions run auto_explain (EXPLAIN ANALYZE, BUFFERS of every statement ≥ ${STATEMENT_MS} ms):`,
      );
      const explained = await explainSlowRequests({
        url,
        name,
        logFile: PG_LOG_FILE,
        thresholdMs: STATEMENT_MS,
        timeoutMs: EXPORT_TIMEOUT_MS,
        replays,
        startServer: async () => {
          const { process: replaying, server: replayServer } = await startServer(url, departmentId);
          return { origin: replayServer.origin, token: replayServer.token, stop: () => replaying.stop() };
        },
      });
      for (const line of explained.lines) console.log(line);
      if (explained.file) console.log(`Full plans: ${explained.file}`);
    }
  } finally {
    if (running) await running.stop();
    if (KEEP || REUSE) {
      console.log(`\nDatabase kept: ${name} (REUSE=${name} to run again without generating)`);
    } else {
      await dropDatabase(ADMIN_URL, name);
    }
  }
}

await main();
