// The plans of the server's own slow statements: the server logs no SQL, so the benchmark's database is told to
// load auto_explain into every new session (ALTER DATABASE … SET, for this database only), a fresh server process
// is asked the slow requests again one at a time, and the plans PostgreSQL writes to its log under EXPLAIN ANALYZE
// are read back, each attributed to the request it came from. The database's settings are reset afterwards.
import { closeSync, existsSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withClient } from '../stock-load/database.js';

/** A request to replay: what the report says of it, and its path and query. */
export type Replay = { label: string; path: string };

export type ExplainOptions = {
  /** The benchmark's database and its admin connection. */
  url: string;
  name: string;
  /** PostgreSQL's log file (stderr of the cluster; Debian's pg_ctlcluster writes it under /var/log/postgresql). */
  logFile: string;
  /** Statements slower than this are logged. */
  thresholdMs: number;
  /** A replay not answered in full by then is given up, and its statements still running are cancelled. */
  timeoutMs: number;
  /** A server started after the settings, so that its connections load auto_explain. */
  startServer: () => Promise<{ origin: string; token: string; stop: () => Promise<void> }>;
  replays: Replay[];
};

const SETTINGS: [string, string][] = [
  ['auto_explain.log_analyze', 'on'],
  ['auto_explain.log_buffers', 'on'],
  ['auto_explain.log_timing', 'on'],
  ['auto_explain.log_nested_statements', 'on'],
  ['auto_explain.log_format', 'text'],
];

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const handle = openSync(file, 'r');
  try {
    readSync(handle, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(handle);
  }
  return buffer.toString('utf8');
}

/** The auto_explain entries of database `name` in a piece of the log: duration and the lines after it. */
function entriesOf(text: string, name: string): { ms: number; lines: string[] }[] {
  const entries: { ms: number; lines: string[] }[] = [];
  let current: { ms: number; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) {
      current = null;
      const match = line.match(/@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:/);
      if (match && match[1] === name) {
        current = { ms: Number(match[2]), lines: [] };
        entries.push(current);
      }
    } else if (current && line.length > 0) {
      current.lines.push(line.replace(/^\t/, ''));
    }
  }
  return entries;
}

/** Replays `replays` under auto_explain; returns summary lines for the report and the file of full plans. */
export async function explainSlowRequests(options: ExplainOptions): Promise<{ lines: string[]; file: string | null }> {
  const { url, name, logFile, thresholdMs, replays } = options;
  if (replays.length === 0) return { lines: ['nothing was slow enough to explain'], file: null };
  if (!existsSync(logFile))
    return { lines: [`no PostgreSQL log at ${logFile} (PG_LOG_FILE): not explained`], file: null };
  const alter = (client: { query: (text: string) => Promise<unknown> }, statements: string[]) =>
    statements.reduce<Promise<unknown>>(
      (done, statement) => done.then(() => client.query(statement)),
      Promise.resolve(),
    );
  await withClient(url, (client) =>
    alter(client, [
      `alter database ${name} set session_preload_libraries = 'auto_explain'`,
      `alter database ${name} set auto_explain.log_min_duration = '${thresholdMs}ms'`,
      ...SETTINGS.map(([setting, value]) => `alter database ${name} set ${setting} = '${value}'`),
    ]),
  );
  const lines: string[] = [];
  const plans: string[] = [];
  try {
    const server = await options.startServer();
    try {
      for (const replay of replays) {
        const offset = statSync(logFile).size;
        const started = performance.now();
        let status = 0;
        let failure = '';
        try {
          const response = await fetch(`${server.origin}${replay.path}`, {
            headers: { authorization: `Bearer ${server.token}` },
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          status = response.status;
          await response.arrayBuffer();
        } catch (error) {
          // PostgreSQL logs no plan of a statement that does not finish: say so, and stop it.
          const cancelled = await withClient(url, async (client) => {
            const { rows } = await client.query(
              `select pg_cancel_backend(pid) from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
            );
            return rows.length;
          });
          failure = `, gave up: ${String(error)}; cancelled ${cancelled} statement(s), which log no plan`;
        }
        const ms = performance.now() - started;
        // The backend writes the plan when the statement ends, before its answer; a moment for the log to flush.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const entries = entriesOf(readFrom(logFile, offset), name).sort((a, b) => b.ms - a.ms);
        lines.push(
          `${replay.label}: ${ms.toFixed(0)} ms under EXPLAIN ANALYZE (status ${status}${failure}), ${entries.length} statement(s) ≥ ${thresholdMs} ms`,
        );
        for (const entry of entries.slice(0, 3)) {
          const query = entry.lines.find((line) => line.startsWith('Query Text:')) ?? '';
          const plan = entry.lines.filter((line) => line.includes('(actual'));
          lines.push(`    ${entry.ms.toFixed(1)} ms  ${query.replace(/\s+/g, ' ').slice(12, 150)}`);
          for (const planLine of plan.slice(0, 8)) {
            lines.push(`      ${planLine.replace(/\(cost=[^)]*\) /, '').slice(0, 160)}`);
          }
        }
        plans.push(
          `-- ${replay.label}\n-- GET ${replay.path}\n-- ${ms.toFixed(0)} ms\n\n${entries
            .map((entry) => `duration: ${entry.ms} ms\n${entry.lines.join('\n')}`)
            .join('\n\n')}\n`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await withClient(url, (client) =>
      alter(client, [
        `alter database ${name} reset session_preload_libraries`,
        `alter database ${name} reset auto_explain.log_min_duration`,
        ...SETTINGS.map(([setting]) => `alter database ${name} reset ${setting}`),
      ]),
    );
  }
  const file = path.join(tmpdir(), `reports-plans-${Date.now()}.txt`);
  writeFileSync(file, plans.join('\n'));
  return { lines, file };
}
