// The built server in a process of its own on loopback, for the benchmarks that measure it from outside, as a
// browser or a client would see it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Builds the contract and the server as `npm start` does, for a benchmark to run what it would. */
export function buildServer(): void {
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

export type ServerProcess = {
  origin: string;
  pid: number | undefined;
  /** Sends SIGTERM and waits for the server's graceful close (a CPU profile, if asked for, is written then). */
  stop: () => Promise<void>;
};

export type ServerOptions = {
  /** The folder whose dist/server.js runs: apps/server unless a patched copy is measured. */
  serverDir?: string;
  /** The script to run instead of `<serverDir>/dist/server.js` (e.g. the TypeScript entry, with tsx in nodeOptions). */
  script?: string;
  /** Options for node itself, before the script (such as --cpu-prof). */
  nodeOptions?: string[];
  /** The server's configuration on top of this process's environment; PORT and HOST are chosen here. */
  env: Record<string, string>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    // Not listening yet.
    return false;
  }
}

/** Starts the built server on a free loopback port; resolves once /api/health answers. */
export async function startBuiltServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const script = options.script ?? path.join(options.serverDir ?? path.join(ROOT, 'apps/server'), 'dist/server.js');
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let closed = false;
  child.once('close', () => {
    closed = true;
  });
  // What the server says before it listens explains why it did not start; after that, it is the run's news.
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stderr?.on('data', collect);
  const origin = `http://127.0.0.1:${port}`;
  // No time limit: the server migrates its database before it listens, which can take minutes on a large kept
  // database, and a server that cannot start exits, which ends the wait.
  while (!(await answers(`${origin}/api/health`))) {
    if (closed) throw new Error(`the server exited (${child.exitCode}) before listening:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.stderr?.off('data', collect);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));
  return {
    origin,
    pid: child.pid,
    async stop() {
      if (closed) return;
      const done = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}
