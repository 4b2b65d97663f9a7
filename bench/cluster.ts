// Throughput of the stock list and of postings with 1, 2 and 3 instances behind HAProxy on one PostgreSQL
// database (issue #30), on the demo data, plus one instance asked directly to show what the balancer costs. The
// machine's cores are shared by every instance, PostgreSQL, HAProxy and the load generator: more instances show
// the overhead of running several, not scaling.
//
// Run: npm run bench:cluster
// Environment (all optional):
//   BENCH_DATABASE_URL  admin URL of the PostgreSQL server   (postgres://postgres@127.0.0.1:5432/postgres)
//   CONNECTIONS         concurrent clients                    (20)
//   DURATION            seconds per scenario                  (15)
//   INSTANCES           comma-separated instance counts       (1,2,3)
//   SKIP_BUILD=1        use the existing build
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import type autocannon from 'autocannon';
import pg from 'pg';
import { startCluster } from '../tools/cluster/cluster.js';
import { buildServer } from './server-process.js';
import { closedLoop, percentile } from './stock-load/load.js';
import { loadAverage } from './stock-load/report.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 15);
const COUNTS = (process.env.INSTANCES ?? '1,2,3').split(',').map(Number);
const PORT = 41_000;

type Row = { setup: string; scenario: string; rate: number; p50: number; p95: number; p99: number; failed: number };

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The stock list over varied pages, sorts and searches, and receipts with an Idempotency-Key each. */
async function scenarios(origin: string) {
  const { accessToken } = await json<{ accessToken: string }>(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'worker@example.com', password: 'demo-password' }),
  });
  const headers = { authorization: `Bearer ${accessToken}` };
  const { items } = await json<{ items: { componentId: string; locationId: string }[] }>(
    `${origin}/api/stock?pageSize=100`,
    { headers },
  );
  const lists: autocannon.Request[] = [];
  for (const sort of ['sku', 'name', 'quantity', 'value'])
    for (const page of [1, 2, 3])
      for (const q of ['', 'res', 'cap'])
        lists.push({ method: 'GET', path: `/api/stock?page=${page}&sort=${sort}${q ? `&q=${q}` : ''}`, headers });
  const postings: autocannon.Request[] = [
    {
      method: 'POST',
      setupRequest: (request) => {
        const target = items[Math.floor(Math.random() * items.length)];
        return {
          ...request,
          path: '/api/movements',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ type: 'receipt', ...target, quantity: '1', note: 'bench:cluster' }),
        };
      },
    },
  ];
  return { 'stock list': lists, postings };
}

async function measure(setup: string, origin: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [scenario, requests] of Object.entries(await scenarios(origin))) {
    // A short warm-up: the first requests of a fresh instance compile and fill its caches.
    await closedLoop(origin, requests, 3, { connections: CONNECTIONS, timeoutSeconds: 30 });
    const measured = await closedLoop(origin, requests, DURATION, { connections: CONNECTIONS, timeoutSeconds: 30 });
    const sorted = [...measured.latencies].sort((a, b) => a - b);
    const ok = Object.entries(measured.statusCounts)
      .filter(([code]) => code.startsWith('2'))
      .reduce((sum, [, count]) => sum + count, 0);
    rows.push({
      setup,
      scenario,
      rate: ok / measured.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      failed: sorted.length - ok + measured.errors,
    });
    console.log(`  ${setup}, ${scenario}: ${(ok / measured.seconds).toFixed(0)}/s`);
  }
  return rows;
}

if (process.env.SKIP_BUILD !== '1') buildServer();
console.log(`${cpus().length} CPUs, load average ${loadAverage()}; ${CONNECTIONS} clients, ${DURATION} s each`);
const rows: Row[] = [];
for (const count of COUNTS) {
  const name = `cm_bench_cluster_${count}`;
  const cluster = await startCluster({
    databaseUrl: await freshDatabase(name),
    instances: count,
    port: PORT,
    env: { SEED_DEMO: 'true', DATABASE_POOL_SIZE: '10' },
  });
  try {
    if (count === 1) rows.push(...(await measure('1 instance, asked directly', cluster.instances[0]?.origin ?? '')));
    rows.push(...(await measure(`${count} instance${count > 1 ? 's' : ''} behind HAProxy`, cluster.origin)));
  } finally {
    await cluster.stop();
    await dropDatabase(name);
  }
}
console.log(`\nload average ${loadAverage()}`);
console.log('setup                          scenario      req/s   p50 ms   p95 ms   p99 ms   failed');
for (const row of rows) {
  console.log(
    `${row.setup.padEnd(30)} ${row.scenario.padEnd(12)} ${row.rate.toFixed(0).padStart(6)} ${row.p50.toFixed(0).padStart(8)} ${row.p95.toFixed(0).padStart(8)} ${row.p99.toFixed(0).padStart(8)} ${String(row.failed).padStart(8)}`,
  );
}
