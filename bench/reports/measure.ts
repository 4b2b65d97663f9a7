// The two measurements: a report's page as one client sees it (request to the last byte of the answer), and an
// export streamed to the end while the server process's resident memory is sampled.
import { readFileSync, writeFileSync } from 'node:fs';
import type { ReportFormat } from '@cm/contract';
import { percentile } from '../stock-load/load.js';
import type { ExportCase, ReportCase } from './cases.js';

/** The running server as the measurements reach it. */
export type Server = { origin: string; pid: number; token: string };

export type PageTiming = {
  case: ReportCase;
  /** 1 for a case's first ask, 2 for its second… */
  round: number;
  ms: number;
  status: number;
  total: number | null;
  error?: string;
};

function reportUrl(server: Server, report: string, params: Record<string, string>, suffix = ''): string {
  return `${server.origin}/api/reports/${report}${suffix}?${new URLSearchParams(params)}`;
}

/** Asks for one page; the time runs until the whole answer is read. */
export async function timePage(
  server: Server,
  reportCase: ReportCase,
  round: number,
  timeoutMs: number,
): Promise<PageTiming> {
  const started = performance.now();
  try {
    const response = await fetch(reportUrl(server, reportCase.report, reportCase.params), {
      headers: { authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) {
      return { case: reportCase, round, ms, status: response.status, total: null, error: body.slice(0, 300) };
    }
    return { case: reportCase, round, ms, status: 200, total: (JSON.parse(body) as { total: number }).total };
  } catch (error) {
    return { case: reportCase, round, ms: performance.now() - started, status: 0, total: null, error: String(error) };
  }
}

/** p50, p95 and max of a set of timings, and the slowest of them. */
export function spreadOf(timings: PageTiming[]) {
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const slowest = timings.reduce<PageTiming | undefined>(
    (worst, timing) => (worst && worst.ms >= timing.ms ? worst : timing),
    undefined,
  );
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    slowest,
    failed: timings.filter((timing) => timing.status !== 200),
  };
}

/** A memory figure of /proc/<pid>/status in MiB (VmRSS now, VmHWM the peak since the last reset). */
function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Resets the process's peak resident size (Linux ≥ 4.0), so VmHWM afterwards is the peak of what follows. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export type ExportResult = {
  case: ExportCase;
  format: ReportFormat;
  status: number;
  /** Answered 200 and read to its end (an answer can fail or time out after its status line). */
  complete: boolean;
  /** The report's `total` for the same parameters: the rows the file holds. */
  rows: number | null;
  /** Lines of a CSV (header included), to check `rows` against. */
  lines: number | null;
  bytes: number;
  seconds: number;
  firstByteSeconds: number;
  rssBeforeMiB: number;
  /** The highest resident size during the export: the kernel's peak if it could be reset, else the 50 ms samples'. */
  rssPeakMiB: number;
  error?: string;
};

/** Streams one export to its end, counting bytes (and a CSV's lines), sampling the server's memory every 50 ms. */
export async function measureExport(
  server: Server,
  exportCase: ExportCase,
  format: ReportFormat,
  timeoutMs: number,
): Promise<ExportResult> {
  const totalResponse = await fetch(reportUrl(server, exportCase.report, { ...exportCase.params, pageSize: '10' }), {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const rows = totalResponse.ok ? ((await totalResponse.json()) as { total: number }).total : null;
  const rssBeforeMiB = statusMiB(server.pid, 'VmRSS');
  const kernelPeak = resetPeak(server.pid);
  let sampledPeak = rssBeforeMiB;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, statusMiB(server.pid, 'VmRSS'));
  }, 50);
  const started = performance.now();
  let firstByteSeconds = Number.NaN;
  let bytes = 0;
  let newlines = 0;
  let status = 0;
  let error: string | undefined;
  try {
    const response = await fetch(
      reportUrl(server, exportCase.report, { ...exportCase.params, format, lang: 'en' }, '/export'),
      { headers: { authorization: `Bearer ${server.token}` }, signal: AbortSignal.timeout(timeoutMs) },
    );
    status = response.status;
    if (!response.ok || !response.body) {
      error = (await response.text()).slice(0, 300);
    } else {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        if (bytes === 0) firstByteSeconds = (performance.now() - started) / 1000;
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines++;
      }
    }
  } catch (caught) {
    error = String(caught);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  sampledPeak = Math.max(sampledPeak, statusMiB(server.pid, 'VmRSS'));
  const rssPeakMiB = kernelPeak ? Math.max(sampledPeak, statusMiB(server.pid, 'VmHWM')) : sampledPeak;
  return {
    case: exportCase,
    format,
    status,
    rows,
    complete: status === 200 && error === undefined,
    lines: format === 'csv' && status === 200 && error === undefined ? newlines : null,
    bytes,
    seconds,
    firstByteSeconds,
    rssBeforeMiB,
    rssPeakMiB,
    ...(error !== undefined && { error }),
  };
}

/** The server's resident memory now, MiB. */
export function residentMiB(pid: number): number {
  return statusMiB(pid, 'VmRSS');
}
