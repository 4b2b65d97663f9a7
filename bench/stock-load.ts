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
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import path from 'node:path';
import { buildServer, type ServerProcess, startBuiltServer } from './server-process.js';
import {
  BENCH_ACCOUNT,
  databaseUrl,
  dropDatabase,
  postgresSettings,
  prepareDatabase,
  samples,
} from './stock-load/database.js';
import { explainStockList } from './stock-load/explain.js';
import { loadAverage, scenarioSummary, table } from './stock-load/report.js';
import { type Outcome, runScenario } from './stock-load/run.js';
import { scenarios } from './stock-load/scenarios.js';

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
const PROFILE = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];

async function signIn(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function main(): Promise<void> {
  if (process.env.SKIP_BUILD !== '1') buildServer();
  const name = REUSE ?? `cm_bench_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(ADMIN_URL, name);
  let server: ServerProcess | null = null;
  try {
    const { data, departmentId } = await prepareDatabase({
      adminUrl: ADMIN_URL,
      name,
      reuse: Boolean(REUSE),
      components: COMPONENTS,
    });
    const settings = await postgresSettings(url);
    const picked = await samples(url);
    server = await startBuiltServer({
      serverDir: SERVER_DIR,
      nodeOptions: PROFILE,
      env: {
        DATABASE_URL: url,
        APP_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        DATABASE_POOL_SIZE: POOL_SIZE,
        ACCESS_TOKEN_TTL: '2h',
        WEB_DIST_DIR: '/nonexistent',
      },
    });
    const token = await signIn(server.origin);

    const all = scenarios(
      { ...picked, token, data, url },
      { postingsAlongside: POSTINGS_ALONGSIDE, connections: CONNECTIONS },
    );
    const chosen = all.filter((scenario) => !ONLY || ONLY.includes(scenario.name));
    console.log(
      `Server ${path.relative(ROOT, SERVER_DIR)} at ${server.origin} (pid ${server.pid}), pool ${POOL_SIZE}; ${CONNECTIONS} connections × ${DURATION} s per scenario${RATE ? ` at ${RATE} req/s offered` : ''}; ${
        cpus().length
      } CPUs (load average ${loadAverage()}); PostgreSQL ${settings.join(', ')}\n`,
    );
    const target = { baseUrl: server.origin, serverPid: server.pid ?? 0, databaseUrl: url };
    const load = { connections: CONNECTIONS, timeoutSeconds: TIMEOUT, rate: RATE };
    const outcomes: Outcome[] = [];
    const runId = randomBytes(3).toString('hex');
    for (const scenario of chosen) {
      // A short warm-up with the same requests: pool connections, plan caches, the server's hot code paths.
      if (scenario.warmUp) await runScenario(target, scenario, 'warm-up', 2, load);
      const outcome = await runScenario(target, scenario, `${scenario.name}-${runId}`, DURATION, load);
      outcomes.push(outcome);
      for (const line of scenarioSummary(outcome)) console.log(line);
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
    if (server) await server.stop();
    if (KEEP || REUSE) {
      console.log(`\nDatabase kept: ${name} (REUSE=${name} to run again without generating)`);
    } else {
      await dropDatabase(ADMIN_URL, name);
    }
  }
}

await main();
