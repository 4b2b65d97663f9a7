// What a run prints: the first pages per report and the exports per format, as tables, and the targets
// beside the figures.
import type { ReportName } from '@cm/contract';
import type { ExportResult, PageTiming } from './measure.js';
import { spreadOf } from './measure.js';

/** Issue #27's targets. */
export const TARGETS = { pageMs: 1000, pdfRows: 10_000, pdfSeconds: 10, pdfGrowthMiB: 200, csvRowsPerSecond: 50_000 };

/** Right-aligned columns under a header and a rule; the first column left-aligned. */
export function grid(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** One row per report: how many pages were asked, their p50/p95/max, the slowest parameters, the target. */
export function pagesTable(reports: readonly ReportName[], timings: PageTiming[]): string {
  const rows = reports.map((report) => {
    const spread = spreadOf(timings.filter((timing) => timing.case.report === report));
    return [
      report,
      String(new Set(timings.filter((timing) => timing.case.report === report).map((t) => t.case.label)).size),
      String(spread.count),
      ms(spread.p50),
      ms(spread.p95),
      ms(spread.max),
      ms(spreadOf(timings.filter((timing) => timing.case.report === report && timing.round === 1)).max),
      spread.failed.length === 0 ? '0' : String(spread.failed.length),
      spread.max <= TARGETS.pageMs && spread.failed.length === 0 ? 'yes' : 'NO',
      spread.slowest?.case.label ?? '-',
    ];
  });
  return grid(
    [
      'report',
      'cases',
      'requests',
      'p50 ms',
      'p95 ms',
      'max ms',
      'max of first asks',
      'failed',
      `max ≤ ${TARGETS.pageMs} ms`,
      'slowest case',
    ],
    rows,
  );
}

/** One row per case: the report's rows for it, its first ask and the median and max of all its asks. */
export function casesTable(timings: PageTiming[]): string {
  const byCase = new Map<string, PageTiming[]>();
  for (const timing of timings) {
    const key = `${timing.case.report}\u0000${timing.case.label}`;
    byCase.set(key, [...(byCase.get(key) ?? []), timing]);
  }
  const rows = [...byCase.values()].map((asks) => {
    const first = asks.find((ask) => ask.round === 1);
    const spread = spreadOf(asks);
    return [
      asks[0]?.case.report ?? '',
      String(first?.total ?? asks.find((ask) => ask.total !== null)?.total ?? '-'),
      ms(first?.ms ?? Number.NaN),
      ms(spread.p50),
      ms(spread.max),
      spread.failed.length === 0 ? '' : `${spread.failed.length} failed (${spread.failed[0]?.status})`,
      asks[0]?.case.label ?? '',
    ];
  });
  return grid(['report', 'rows', 'first ms', 'median ms', 'max ms', '', 'case'], rows);
}

/** Rows per second of an export, when it succeeded and its rows are known. */
export function rowsPerSecond(result: ExportResult): number {
  return result.complete && result.rows !== null ? result.rows / result.seconds : Number.NaN;
}

/** One row per export. */
export function exportsTable(results: ExportResult[]): string {
  const rows = results.map((result) => [
    result.case.report,
    result.format,
    result.complete
      ? String(result.rows ?? '-')
      : `${result.status === 200 ? 'cut off' : result.status} ${result.error?.slice(0, 60) ?? ''}`,
    result.lines === null ? '-' : String(result.lines),
    (result.bytes / 1024 / 1024).toFixed(1),
    result.firstByteSeconds.toFixed(2),
    result.seconds.toFixed(2),
    ms(rowsPerSecond(result)),
    result.rssBeforeMiB.toFixed(0),
    result.rssPeakMiB.toFixed(0),
    (result.rssPeakMiB - result.rssBeforeMiB).toFixed(0),
    result.case.label,
  ]);
  return grid(
    [
      'report',
      'format',
      'rows',
      'csv lines',
      'MiB',
      'first byte s',
      'seconds',
      'rows/s',
      'RSS before MiB',
      'RSS peak MiB',
      'growth MiB',
      'parameters',
    ],
    rows,
  );
}
