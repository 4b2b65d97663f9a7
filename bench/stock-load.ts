// Load test of the stock area on PostgreSQL: a fresh database with 100 000 components and 1 000 000 movements
// (generated in SQL), the real server in its own process on loopback, and autocannon driving the stock list,
// the component detail and concurrent issue postings. Prints requests/s, p50/p95/p99 latency, non-2xx counts
// and where the CPU went (server process, PostgreSQL, load generator), checks the balances after the postings
// and prints EXPLAIN (ANALYZE, BUFFERS) summaries of the stock list queries.
//
// Run: npm run bench:stock
// Environment (all optional):
//   BENCH_DATABASE_URL  admin URL of the PostgreSQL server   (postgres://postgres@127.0.0.1:5432/postgres)
//   COMPONENTS          generated components                  (100000; movements = 10 per component)
//   CONNECTIONS         concurrent clients                    (50)
//   DURATION            seconds per scenario                  (15)
//   TIMEOUT             seconds before the client gives up    (60)
//   DATABASE_POOL_SIZE  the server's pool                     (20)
//   SCENARIOS           comma-separated subset of the scenario names below
//   KEEP=1              keep the database afterwards (its name is printed)
//   REUSE=<name>        run against a database kept by an earlier run, skipping the generation
//   SKIP_BUILD=1        use the existing apps/server/dist build
//   POSTINGS_ALONGSIDE  issue postings per second offered during "stock-while-posting" (20)
//   RATE=<req/s>        offered load (open model): requests start at even intervals over at most CONNECTIONS
//                       keep-alive sockets, latency counted from the moment each was due (a request waiting for a
//                       free socket counts as slow), instead of each client sending its next request as soon as
//                       the previous one is answered (closed model, the default)
//   SERVER_DIR=<dir>    run <dir>/dist/server.js instead of apps/server's (e.g. a patched copy, to measure a change)
//   PROFILE=<dir>       write a V8 CPU profile of the server process into <dir> when it stops (open it in Chrome's
//                       DevTools or speedscope), to see where the server's share of the CPU goes
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { StockListQuery } from '@cm/contract';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Executor, LIST_STATEMENT_TIMEOUT_MS, openDatabase, postgresPool } from '../apps/server/src/db/client.js';
import { listStock } from '../apps/server/src/modules/stock/repository.js';
import { upsertUser } from '../apps/server/src/modules/users/service.js';
import {
  departmentTotalMismatches,
  movementCountMismatches,
  summaryMismatches,
} from '../apps/server/test/stock-summary-checks.js';
import {
  describeStockData,
  generateStockData,
  MANUFACTURERS,
  MOVEMENTS_PER_COMPONENT,
  type StockData,
} from './stock-data.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPONENTS = Number(process.env.COMPONENTS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 15);
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '20';
const ONLY = process.env.SCENARIOS?.split(',').map((name) => name.trim());
const KEEP = process.env.KEEP === '1';
const REUSE = process.env.REUSE;
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const POSTINGS_ALONGSIDE = Number(process.env.POSTINGS_ALONGSIDE ?? 20);
const TIMEOUT = Number(process.env.TIMEOUT ?? 60);
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.resolve(ROOT, process.env.SERVER_DIR ?? 'apps/server');
const EMAIL = 'bench-admin@example.com';
const dialect = new PgDialect();
const PASSWORD = 'bench-password-long-enough';
const DEPARTMENT = 'Bench Warehouse';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Database

async function prepareDatabase(name: string): Promise<{ data: StockData; userId: string; departmentId: string }> {
  const url = databaseUrl(name);
  if (!REUSE) await withClient(ADMIN_URL, (admin) => admin.query(`create database ${name}`));
  // The server's own migrations and user service: the same schema and the same password hashing as production.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  let user: { id: string };
  try {
    user = await upsertUser(database.db, {
      email: EMAIL,
      password: PASSWORD,
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
    if (REUSE) {
      // A kept database starts where a generated one does: vacuumed. This machine's PostgreSQL runs without
      // autovacuum, so the dead rows of earlier runs' postings (thousands per stock summary slot) would otherwise
      // pile up, and each run would start slower than the last.
      const started = performance.now();
      await client.query('vacuum (analyze)');
      console.log(`Vacuumed ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      return { data: await describeStockData(client), userId: user.id, departmentId: department.id };
    }
    console.log(
      `Generating ${COMPONENTS} components and ${COMPONENTS * MOVEMENTS_PER_COMPONENT} movements in ${name}:`,
    );
    const started = performance.now();
    const data = await generateStockData(client, {
      departmentId: department.id,
      userId: user.id,
      components: COMPONENTS,
      log: (message) => console.log(message),
    });
    console.log(
      `  total ${((performance.now() - started) / 1000).toFixed(1)} s: ${data.components} components, ${data.movements} movements, ${data.balances} balances\n`,
    );
    return { data, userId: user.id, departmentId: department.id };
  });
}

// ---------------------------------------------------------------------------------------------------
// Server process

async function startServer(url: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(SERVER_DIR, 'dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_SECRET: randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: POOL_SIZE,
      ACCESS_TOKEN_TTL: '2h',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));
  return { child, baseUrl };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------------
// CPU accounting from /proc: the server process, every PostgreSQL process, and this process

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function postgresCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return seconds;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return seconds;
}

/** Busy CPU seconds of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusySeconds(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

type CpuSnapshot = {
  server: number;
  postgres: Map<number, number>;
  self: NodeJS.CpuUsage;
  machine: number;
  at: number;
};

function cpuSnapshot(serverPid: number): CpuSnapshot {
  return {
    server: cpuSecondsOf(serverPid),
    postgres: postgresCpu(),
    self: process.cpuUsage(),
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

/** CPU used between two snapshots, in % of one core: server, PostgreSQL, load generator, everything else. */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot) {
  const wall = (after.at - before.at) / 1000;
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const self = process.cpuUsage(before.self);
  const percent = (seconds: number) => Math.round((seconds / wall) * 100);
  const server = after.server - before.server;
  const loadGenerator = (self.user + self.system) / 1e6;
  const others = Math.max(0, after.machine - before.machine - server - postgres - loadGenerator);
  return {
    server: percent(server),
    postgres: percent(postgres),
    loadGenerator: percent(loadGenerator),
    others: percent(others),
    serverSeconds: server,
    postgresSeconds: postgres,
  };
}

// ---------------------------------------------------------------------------------------------------
// Load

type Scenario = {
  name: string;
  title: string;
  /** The requests of one run; `tag` tells a warm-up's postings (reference WO-BENCH-<tag>) from the measured ones. */
  requests: (tag: string) => autocannon.Request[];
  /**
   * Requests sent at a steady rate while the scenario's own run (open model, like RATE), reported in its notes:
   * load that the measured requests share the server and the database with. The CPU columns include theirs.
   */
  alongside?: { rate: number; requests: (tag: string) => autocannon.Request[] };
  /**
   * Checks run after the measured run; each returns a line for the report. `statusCounts` are those of the
   * requests alongside when there are some (the postings), else of the scenario's own.
   */
  after?: (tag: string, statusCounts: Record<string, number>) => Promise<string[]>;
  /** Warm up first (not for the scarce components: a warm-up would use their stock up). */
  warmUp: boolean;
};

type Outcome = {
  scenario: Scenario;
  requestsPerSecond: number;
  responses: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statusCounts: Record<string, number>;
  non2xx: number;
  errors: number;
  cpu: ReturnType<typeof cpuBetween>;
  notes: string[];
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function run(
  baseUrl: string,
  scenario: Scenario,
  tag: string,
  duration: number,
  serverPid: number,
): Promise<Outcome> {
  const before = cpuSnapshot(serverPid);
  const { alongside } = scenario;
  const [measured, besides] = await Promise.all([
    RATE
      ? atRate(baseUrl, scenario.requests(tag), duration, RATE)
      : closedLoop(baseUrl, scenario.requests(tag), duration),
    alongside ? atRate(baseUrl, alongside.requests(tag), duration, alongside.rate) : undefined,
  ]);
  const cpu = cpuBetween(before, cpuSnapshot(serverPid));
  const { latencies, statusCounts } = measured;
  latencies.sort((a, b) => a - b);
  // Requests abandoned by the client keep running in the server; wait until the database is idle again, so
  // that neither the checks nor the next scenario see this one's backlog.
  const drained = await drain(databaseUrlOfRun);
  const notes = besides ? [describeAlongside(besides, alongside?.rate ?? 0)] : [];
  if (scenario.after && tag !== 'warm-up')
    notes.push(...(await scenario.after(tag, besides?.statusCounts ?? statusCounts)));
  if (drained > 1) notes.push(`the server needed ${drained.toFixed(1)} s after the load stopped to finish its backlog`);
  return {
    scenario,
    requestsPerSecond: latencies.length / measured.seconds,
    responses: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    statusCounts,
    non2xx: Object.entries(statusCounts)
      .filter(([code]) => !code.startsWith('2'))
      .reduce((sum, [, count]) => sum + count, 0),
    errors: measured.errors,
    cpu,
    notes,
  };
}

type Measured = { latencies: number[]; statusCounts: Record<string, number>; errors: number; seconds: number };

function describeAlongside(measured: Measured, rate: number): string {
  const sorted = [...measured.latencies].sort((a, b) => a - b);
  return `alongside: ${rate}/s offered, ${(sorted.length / measured.seconds).toFixed(1)}/s answered, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, status ${JSON.stringify(measured.statusCounts)}, errors ${measured.errors}`;
}

/** Closed model: CONNECTIONS clients, each sending its next request as soon as the previous one is answered. */
async function closedLoop(baseUrl: string, requests: autocannon.Request[], duration: number): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      // Long enough to measure slow answers instead of counting them as errors.
      { url: baseUrl, connections: CONNECTIONS, duration, timeout: TIMEOUT, requests },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]),
  );
  return { latencies, statusCounts, errors: result.errors + result.timeouts, seconds: result.duration };
}

/**
 * Open model: `rate` requests per second, started at even intervals whatever the answers, over at most
 * CONNECTIONS keep-alive sockets. (autocannon's own rate limit sends each second's quota at once at the start
 * of the second, which measures bursts, not a steady rate.) A request's latency counts from when it was due.
 */
async function atRate(
  baseUrl: string,
  requests: autocannon.Request[],
  duration: number,
  rate: number,
): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const spec = requests[index % requests.length] as autocannon.Request;
      // The scenarios' setupRequest are functions (a string would name a module, for autocannon's workers).
      const request = typeof spec.setupRequest === 'function' ? spec.setupRequest({ ...spec }, {}) : spec;
      const outgoing = http.request(
        new URL(request.path ?? '/', baseUrl),
        { method: request.method ?? 'GET', headers: request.headers, agent, timeout: TIMEOUT * 1000 },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            const code = String(response.statusCode);
            statusCounts[code] = (statusCounts[code] ?? 0) + 1;
            resolve();
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        errors++;
        resolve();
      });
      outgoing.end(request.body);
    });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; ) {
    const now = performance.now();
    for (; index < total && started + index * interval <= now; index++) {
      inFlight.push(send(index, started + index * interval));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  // Until the last answer: when the server falls behind, the rate it answered at is below the offered one.
  return { latencies, statusCounts, errors, seconds: (performance.now() - started) / 1000 };
}

let databaseUrlOfRun = '';

/** Waits until no other session of the run's database is busy; returns the seconds it took. */
async function drain(url: string): Promise<number> {
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

function scenarios(context: {
  token: string;
  data: StockData;
  componentIds: string[];
  /** Balances of 1 000 ordinary components with plenty of stock: postings that never wait for each other. */
  spread: { componentId: string; locationId: string }[];
  /** The root categories: with a manufacturer, each a filter of about 800 components like "filtered"'s. */
  roots: string[];
  url: string;
}): Scenario[] {
  const headers = { authorization: `Bearer ${context.token}` };
  const get = (pathAndQuery: string) => (): autocannon.Request[] => [{ method: 'GET', path: pathAndQuery, headers }];
  const filter = new URLSearchParams({
    q: context.data.filter.q,
    categoryId: context.data.filter.categoryId,
    sort: 'value',
    order: 'desc',
  });
  const issues =
    (targets: { componentId: string; locationId: string }[]) =>
    (tag: string): autocannon.Request[] => [
      {
        method: 'POST',
        setupRequest: (request) => {
          const target = targets[Math.floor(Math.random() * targets.length)];
          return {
            ...request,
            method: 'POST',
            path: '/api/movements',
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              type: 'issue',
              componentId: target?.componentId,
              locationId: target?.locationId,
              quantity: '1',
              reference: `WO-BENCH-${tag}`,
            }),
          };
        },
      },
    ];
  const verify =
    (targets: { componentId: string; locationId: string }[]) =>
    async (tag: string, statusCounts: Record<string, number>) =>
      withClient(context.url, async (client) => {
        const ids = targets.map((target) => target.componentId);
        const checks = await client.query<{
          negative: string;
          ledger_mismatches: string;
          posted: string;
          remaining: string;
        }>(
          `with ledger as (
             select component_id, location_id, sum(delta) as quantity from (
               select component_id, to_location_id as location_id, quantity as delta from movements
               where component_id = any($1::uuid[]) and to_location_id is not null
               union all
               select component_id, from_location_id, -quantity from movements
               where component_id = any($1::uuid[]) and from_location_id is not null) d
             group by 1, 2)
           select (select count(*) from stock_balances where quantity < 0) as negative,
                  (select count(*) from ledger full join (select * from stock_balances where component_id = any($1::uuid[])) b
                     using (component_id, location_id) where ledger.quantity is distinct from b.quantity) as ledger_mismatches,
                  (select count(*) from movements where reference = $2) as posted,
                  (select sum(quantity) from stock_balances where component_id = any($1::uuid[])) as remaining`,
          [ids, `WO-BENCH-${tag}`],
        );
        const row = checks.rows[0];
        const mismatches = async (check: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(check);
          return (await client.query(text, params)).rowCount;
        };
        const created = statusCounts['201'] ?? 0;
        // Requests still in flight when the load stops are committed but not counted: at most one per connection.
        const inFlight = Number(row?.posted) - created;
        return [
          `negative balances (whole table): ${row?.negative}`,
          `balances ≠ ledger sum (these ${targets.length} components): ${row?.ledger_mismatches}`,
          `department_stock ≠ sum of balances: ${await mismatches(departmentTotalMismatches())}`,
          `stock_summary ≠ count and sums of balances (per department and slot): ${await mismatches(summaryMismatches())}`,
          `stock_summary ≠ count of movements (per department and slot): ${await mismatches(movementCountMismatches())}`,
          `movements posted ${row?.posted}, 201 responses counted ${created} (${inFlight} in flight at the stop; ` +
            `must be 0..${CONNECTIONS}: ${inFlight >= 0 && inFlight <= CONNECTIONS ? 'ok' : 'NOT OK'})`,
          `stock left on these components: ${Number(row?.remaining)}`,
        ];
      });
  // Every page of "filtered"'s kind (a manufacturer in a root category, sorted, one of its first pages), each
  // asked once: the stock list's answers are kept until the department's stock or catalogue changes (ADR 0020),
  // and "filtered" repeats one page, so this is what a page costs the first time it is asked.
  const SORTS = ['sku', 'name', 'category', 'location', 'quantity', 'value'];
  const variedFilters = context.roots.flatMap((categoryId) =>
    MANUFACTURERS.flatMap((manufacturer) =>
      SORTS.flatMap((sort) =>
        ['asc', 'desc'].flatMap((order) =>
          [1, 2, 3].map((page) =>
            new URLSearchParams({
              q: manufacturer.toLowerCase(),
              categoryId,
              sort,
              order,
              page: String(page),
            }).toString(),
          ),
        ),
      ),
    ),
  );
  let nextFilter = 0;
  let next = 0;
  return [
    {
      // The ceiling of the stack on this machine: token check with its one query, a tiny JSON answer.
      name: 'baseline',
      title: 'GET /api/auth/check (bearer token verified against the database; no stock query)',
      requests: get('/api/auth/check'),
      warmUp: true,
    },
    {
      name: 'stock-first-page',
      title: 'GET /api/stock?pageSize=25',
      requests: get('/api/stock?pageSize=25'),
      warmUp: true,
    },
    {
      name: 'stock-filtered',
      title: `GET /api/stock?q=${context.data.filter.q}&categoryId=<${context.data.filter.categoryPath}>&sort=value&order=desc`,
      requests: get(`/api/stock?${filter}`),
      warmUp: true,
    },
    {
      name: 'stock-filtered-varied',
      title: `GET /api/stock?q=<manufacturer>&categoryId=<root>&sort=…&order=…&page=1..3, each of ${variedFilters.length} pages once`,
      requests: () => [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => {
            const path = `/api/stock?${variedFilters[nextFilter % variedFilters.length]}`;
            nextFilter += 1;
            return { ...request, path };
          },
        },
      ],
      after: async () => [
        `pages asked ${nextFilter} of ${variedFilters.length}: ${nextFilter <= variedFilters.length ? 'none' : 'some'} asked twice`,
      ],
      // No warm-up: it would ask pages the run then finds kept.
      warmUp: false,
    },
    {
      name: 'stock-search',
      title: `GET /api/stock?q=${context.data.search}`,
      requests: get(`/api/stock?q=${context.data.search}`),
      warmUp: true,
    },
    {
      name: 'stock-sorted',
      title: 'GET /api/stock?sort=location',
      requests: get('/api/stock?sort=location'),
      warmUp: true,
    },
    {
      name: 'stock-sorted-name',
      title: 'GET /api/stock?sort=name&order=desc',
      requests: get('/api/stock?sort=name&order=desc'),
      warmUp: true,
    },
    {
      name: 'stock-deep-page',
      title: 'GET /api/stock?sort=quantity&order=desc&page=50',
      requests: get('/api/stock?sort=quantity&order=desc&page=50'),
      warmUp: true,
    },
    {
      // Every posting dates all the department's kept pages (ADR 0020): this is the list as people see it while
      // the store is busy, the pages asked again after each posting computed once for everyone waiting.
      name: 'stock-while-posting',
      title: `GET the first page, filtered, search, sorted and page 50 in turn, while issues of the hot components are posted at ${POSTINGS_ALONGSIDE}/s`,
      requests: () =>
        [
          `/api/stock?pageSize=25`,
          `/api/stock?${filter}`,
          `/api/stock?q=${context.data.search}`,
          '/api/stock?sort=location',
          '/api/stock?sort=quantity&order=desc&page=50',
        ].map((path) => ({ method: 'GET', path, headers })),
      alongside: { rate: POSTINGS_ALONGSIDE, requests: issues(context.data.hot) },
      after: verify(context.data.hot),
      warmUp: true,
    },
    {
      name: 'component-detail',
      title: 'GET /api/components/:id (random of 10 000 ids)',
      requests: () => [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => {
            next = (next + 7919) % context.componentIds.length;
            return { ...request, path: `/api/components/${context.componentIds[next]}` };
          },
        },
      ],
      warmUp: true,
    },
    {
      name: 'issue-hot',
      title: `POST /api/movements issue 1 of ${context.data.hot.length} hot components (1 000 000 each)`,
      requests: issues(context.data.hot),
      after: verify(context.data.hot),
      warmUp: true,
    },
    {
      name: 'issue-spread',
      title: `POST /api/movements issue 1 of ${context.spread.length} ordinary components (no two requests share a row)`,
      requests: issues(context.spread),
      after: verify(context.spread),
      warmUp: true,
    },
    {
      name: 'issue-scarce',
      title: `POST /api/movements issue 1 of ${context.data.scarce.length} scarce components (100 each → 409s)`,
      requests: issues(context.data.scarce),
      after: verify(context.data.scarce),
      warmUp: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// EXPLAIN of the stock list queries, exactly as the repository builds them

type PlanNode = {
  'Node Type': string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  Plans?: PlanNode[];
};

async function explainStockList(url: string, departmentId: string, data: StockData) {
  const cases: [string, Record<string, string>][] = [
    ['first page (sort=sku)', { pageSize: '25' }],
    [
      'filtered (q, category, sort=value desc)',
      { q: data.filter.q, categoryId: data.filter.categoryId, sort: 'value', order: 'desc' },
    ],
    ['search (q=start of a SKU)', { q: data.search }],
    ['sorted (sort=location)', { sort: 'location' }],
    ['deep page (sort=quantity desc, page 50)', { sort: 'quantity', order: 'desc', page: '50' }],
  ];
  const lines: string[] = [];
  const plans: string[] = [];
  // A connection of the server's list pool, with its settings (ADR 0012, 0015), so the plans are the server's.
  const listPool = postgresPool(url, 1, console.warn, LIST_STATEMENT_TIMEOUT_MS);
  const client = await listPool.connect();
  try {
    for (const [label, query] of cases) {
      const { page, pageSize, ...filters } = StockListQuery.parse(query);
      const captured: SQL[] = [];
      const recorder = {
        execute: async (statement: SQL) => {
          captured.push(statement);
          return { rows: [] };
        },
      } as unknown as Executor;
      await listStock(recorder, departmentId, filters, { offset: (page - 1) * pageSize, limit: pageSize });
      // Every statement of the page (a location filter's check, then the page), but not the last: the recorder
      // answers no rows, after which listStock reads the totals of an empty page on their own, a statement the
      // scenarios never send.
      for (const statement of captured.slice(0, -1)) {
        const compiled = dialect.sqlToQuery(statement);
        // Twice: the first run warms the cache; the second is the one reported.
        await client.query(`explain (analyze, buffers, format json) ${compiled.sql}`, compiled.params);
        const [explained] = (
          await client.query<{ 'QUERY PLAN': unknown }>(
            `explain (analyze, buffers, format json) ${compiled.sql}`,
            compiled.params,
          )
        ).rows;
        const [result] = (explained?.['QUERY PLAN'] ?? []) as [
          {
            Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
            'Planning Time': number;
            'Execution Time': number;
            JIT?: { Timing?: { Total?: number } };
          },
        ];
        const jit = result.JIT?.Timing?.Total;
        lines.push(
          `${label.padEnd(42)} planning ${result['Planning Time'].toFixed(1).padStart(6)} ms  execution ${result['Execution Time'].toFixed(1).padStart(7)} ms${jit ? `  (JIT ${jit.toFixed(1)} ms)` : ''}  buffers hit ${result.Plan['Shared Hit Blocks'] ?? 0} read ${result.Plan['Shared Read Blocks'] ?? 0}`,
        );
        lines.push(...outline(result.Plan, 1, 3));
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${compiled.sql}`,
          compiled.params,
        );
        plans.push(`-- ${label}\n${compiled.sql}\n\n${text.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
      }
    }
  } finally {
    client.release();
    await listPool.end();
  }
  const file = path.join(tmpdir(), `stock-load-plans-${Date.now()}.txt`);
  writeFileSync(file, plans.join('\n'));
  return { lines, file };
}

/** The top levels of a plan: node, relation/index, actual time and rows. */
function outline(node: PlanNode, depth: number, maxDepth: number): string[] {
  const what = [
    node['Node Type'],
    node['Relation Name'] && `on ${node['Relation Name']}`,
    node['Index Name'] && `using ${node['Index Name']}`,
    node['Sort Method'],
  ]
    .filter(Boolean)
    .join(' ');
  const line = `${'  '.repeat(depth)}${what}  (${node['Actual Total Time']?.toFixed(1)} ms, ${node['Actual Rows']} rows)`;
  if (depth >= maxDepth) return [line];
  return [line, ...(node.Plans ?? []).flatMap((child) => outline(child, depth + 1, maxDepth))];
}

// ---------------------------------------------------------------------------------------------------

function table(outcomes: Outcome[]): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'non-2xx',
    'errors',
    'CPU % server/pg/loadgen/others',
    'CPU ms/response server+pg',
  ];
  const rows = outcomes.map((outcome) => [
    outcome.scenario.name,
    outcome.requestsPerSecond.toFixed(0),
    outcome.p50.toFixed(0),
    outcome.p95.toFixed(0),
    outcome.p99.toFixed(0),
    outcome.max.toFixed(0),
    outcome.non2xx === 0
      ? '0'
      : `${outcome.non2xx} (${Object.entries(outcome.statusCounts)
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, count]) => `${code}×${count}`)
          .join(' ')})`,
    String(outcome.errors),
    `${outcome.cpu.server}/${outcome.cpu.postgres}/${outcome.cpu.loadGenerator}/${outcome.cpu.others}`,
    outcome.responses === 0
      ? '-'
      : `${((outcome.cpu.serverSeconds * 1000) / outcome.responses).toFixed(1)} + ${(
          (outcome.cpu.postgresSeconds * 1000) / outcome.responses
        ).toFixed(1)}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') {
    console.log('Building the server…');
    try {
      execFileSync('npm', ['run', 'build', '--workspace', '@cm/contract', '--workspace', '@cm/server', '--silent'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    } catch {
      // tsc --build still emits on type errors; a type error elsewhere in a shared tree should not stop a benchmark.
      if (!existsSync(path.join(ROOT, 'apps/server/dist/server.js'))) throw new Error('the server build failed');
      console.warn('The build reported errors (above); running the JavaScript it emitted.');
    }
  }
  const name = REUSE ?? `cm_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(name);
  databaseUrlOfRun = url;
  let server: ChildProcess | null = null;
  try {
    const { data, departmentId } = await prepareDatabase(name);
    const settings = await withClient(url, (client) =>
      client.query<{ name: string; setting: string; unit: string | null }>(
        `select name, setting, unit from pg_settings
         where name in ('server_version', 'shared_buffers', 'work_mem', 'jit', 'max_connections', 'max_parallel_workers_per_gather')
         order by name`,
      ),
    );
    const componentIds = await withClient(url, async (client) =>
      (await client.query<{ id: string }>(`select id from components order by md5(id::text) limit 10000`)).rows.map(
        (row) => row.id,
      ),
    );
    const spread = await withClient(url, async (client) =>
      (
        await client.query<{ component_id: string; location_id: string }>(
          `select component_id, location_id from stock_balances b join components c on c.id = b.component_id
           where b.quantity >= 500 and c.sku like 'BX-%' order by md5(component_id::text) limit 1000`,
        )
      ).rows.map((row) => ({ componentId: row.component_id, locationId: row.location_id })),
    );
    const roots = await withClient(url, async (client) =>
      (await client.query<{ id: string }>(`select id from categories where parent_id is null order by path`)).rows.map(
        (row) => row.id,
      ),
    );
    const started = await startServer(url);
    server = started.child;
    const login = await fetch(`${started.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };

    const all = scenarios({ token: accessToken, data, componentIds, spread, roots, url });
    const chosen = all.filter((scenario) => !ONLY || ONLY.includes(scenario.name));
    console.log(
      `Server ${path.relative(ROOT, SERVER_DIR)} at ${started.baseUrl} (pid ${server.pid}), pool ${POOL_SIZE}; ${CONNECTIONS} connections × ${DURATION} s per scenario${RATE ? ` at ${RATE} req/s offered` : ''}; ${
        cpus().length
      } CPUs (load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(
          ' ',
        )}); PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.setting}${row.unit ?? ''}`).join(', ')}\n`,
    );
    const outcomes: Outcome[] = [];
    const runId = randomBytes(3).toString('hex');
    for (const scenario of chosen) {
      // A short warm-up with the same requests: pool connections, plan caches, the server's hot code paths.
      if (scenario.warmUp) await run(started.baseUrl, scenario, 'warm-up', 2, server.pid ?? 0);
      const outcome = await run(started.baseUrl, scenario, `${scenario.name}-${runId}`, DURATION, server.pid ?? 0);
      outcomes.push(outcome);
      console.log(
        `${scenario.name}: ${scenario.title}\n  ${outcome.requestsPerSecond.toFixed(0)} req/s, p50 ${outcome.p50} ms, p95 ${outcome.p95} ms, p99 ${outcome.p99} ms, status ${JSON.stringify(outcome.statusCounts)}`,
      );
      for (const note of outcome.notes) console.log(`  ${note}`);
      console.log(
        `  load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}`,
      );
    }
    console.log(`\n${table(outcomes)}\n`);
    console.log(
      'Targets: stock list p95 ≤ 50 ms at 50 clients; ≥ 500 issue postings/s under contention, no negative balance.',
    );
    const hot = outcomes.find((outcome) => outcome.scenario.name === 'issue-hot');
    if (hot) {
      console.log(`issue-hot: ${((hot.statusCounts['201'] ?? 0) / DURATION).toFixed(0)} postings/s (201 responses)`);
    }

    const explained = await explainStockList(url, departmentId, data);
    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the stock list queries, as the repository sends them (second run):');
    for (const line of explained.lines) console.log(line);
    console.log(`Full plans: ${explained.file}`);
  } finally {
    if (server) await stopServer(server);
    if (KEEP || REUSE) {
      console.log(`\nDatabase kept: ${name} (REUSE=${name} to run again without generating)`);
    } else {
      await withClient(ADMIN_URL, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    }
  }
}

await main();
