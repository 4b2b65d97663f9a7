// One measured run of a scenario: its load (closed or open model) with any requests alongside, the CPU each
// party used meanwhile, the wait for the server's backlog, and the scenario's checks.
import { type CpuShare, cpuBetween, cpuSnapshot } from './cpu.js';
import { drain } from './database.js';
import { atRate, closedLoop, type LoadOptions, type Measured, percentile } from './load.js';
import type { Scenario } from './scenarios.js';

/** The running server and its database. */
export type Target = { baseUrl: string; serverPid: number; databaseUrl: string };

export type Outcome = {
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
  cpu: CpuShare;
  notes: string[];
};

/** Runs `scenario` for `duration` seconds; `rate` (RATE) switches the measured requests to the open model. */
export async function runScenario(
  target: Target,
  scenario: Scenario,
  tag: string,
  duration: number,
  load: LoadOptions & { rate: number | undefined },
): Promise<Outcome> {
  const { baseUrl, serverPid } = target;
  const before = cpuSnapshot(serverPid);
  const { alongside } = scenario;
  const [measured, besides] = await Promise.all([
    load.rate
      ? atRate(baseUrl, scenario.requests(tag), duration, load.rate, load)
      : closedLoop(baseUrl, scenario.requests(tag), duration, load),
    alongside ? atRate(baseUrl, alongside.requests(tag), duration, alongside.rate, load) : undefined,
  ]);
  const cpu = cpuBetween(before, cpuSnapshot(serverPid));
  const { latencies, statusCounts } = measured;
  latencies.sort((a, b) => a - b);
  // Requests abandoned by the client keep running in the server; wait until the database is idle again, so
  // that neither the checks nor the next scenario see this one's backlog.
  const drained = await drain(target.databaseUrl);
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

function describeAlongside(measured: Measured, rate: number): string {
  const sorted = [...measured.latencies].sort((a, b) => a - b);
  return `alongside: ${rate}/s offered, ${(sorted.length / measured.seconds).toFixed(1)}/s answered, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, status ${JSON.stringify(measured.statusCounts)}, errors ${measured.errors}`;
}
