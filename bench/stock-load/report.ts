// What a run prints: each scenario's summary as it finishes, and the table of all of them at the end.
import { loadavg } from 'node:os';
import type { Outcome } from './run.js';

/** The 1, 5 and 15 minute load averages: how busy the machine was around the figures. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

/** The lines printed when a scenario finishes. */
export function scenarioSummary(outcome: Outcome): string[] {
  const { scenario } = outcome;
  return [
    `${scenario.name}: ${scenario.title}\n  ${outcome.requestsPerSecond.toFixed(0)} req/s, p50 ${outcome.p50} ms, p95 ${outcome.p95} ms, p99 ${outcome.p99} ms, status ${JSON.stringify(outcome.statusCounts)}`,
    ...outcome.notes.map((note) => `  ${note}`),
    `  load average ${loadAverage()}`,
  ];
}

/** A column a caller adds after the standard ones (a target beside the figures, say). */
export type ExtraColumn = { header: string; value: (outcome: Outcome) => string };

/** One row per scenario: throughput, latency percentiles, failures and where the CPU went, then any `extra` columns. */
export function table(outcomes: Outcome[], extra: ExtraColumn[] = []): string {
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
    ...extra.map((column) => column.header),
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
    ...extra.map((column) => column.value(outcome)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}
