import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** Runs a server entry point (server.ts or a CLI) from source, as `npm start` would run its build. */
export function runEntry(entry: string, args: string[], environment: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Collects a process's output until it exits. */
export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Starts the server and resolves with its address and everything it printed up to listening. */
export async function startServer(environment: Record<string, string>) {
  const child = runEntry('src/server.ts', [], { PORT: '0', ...environment });
  const exit = finished(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    exit.then((result) => reject(new Error(`server exited with ${result.code}: ${result.stderr}`)));
  });
  return { child, url, output, exit };
}
