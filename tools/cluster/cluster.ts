// Several instances of the built server on one PostgreSQL database behind HAProxy, on loopback (issue #30,
// ADR 0049): what `npm run cluster` starts to try it out, and what the cluster test restarts and kills under load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
const HAPROXY_CANDIDATES = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];

export type ClusterOptions = {
  databaseUrl: string;
  /** Number of instances (3). */
  instances?: number;
  /** The balancer's port; the instances take free ones. */
  port: number;
  /** Seconds an instance keeps serving after a stop signal while its health check fails (SHUTDOWN_DRAIN). */
  drainSeconds?: number;
  /** More of the instances' configuration (e.g. SEED_DEMO, LOG_LEVEL). */
  env?: Record<string, string>;
  /** Where the instances' and the balancer's output goes (default: nowhere). */
  log?: (line: string) => void;
};

export type Instance = {
  name: string;
  origin: string;
  /** Whether its process is running now. */
  running(): boolean;
};

export type Cluster = {
  /** The balancer's address: what users and the test talk to. */
  origin: string;
  instances: Instance[];
  /** Stops instance `index` with `signal`, waits for it to exit, starts it again and waits until it answers. */
  restart(index: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<{ exitCode: number | null }>;
  /** Stops the instances (SIGTERM) and the balancer. */
  stop(): Promise<void>;
};

/** The HAProxy executable, or an error saying how to install it. */
export function haproxyPath(): string {
  const found = HAPROXY_CANDIDATES.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error('HAProxy is not installed (Debian: `apt-get install -y haproxy`); HAPROXY_PATH names another.');
  }
  return found;
}

/** A loopback port nothing listens on now, as the system picks it. */
export function freePort(): Promise<number> {
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

/** deploy/haproxy.cfg with this cluster's listening port and instances. */
function balancerConfig(port: number, ports: number[]): string {
  const lines = readFileSync(HAPROXY_CONFIG, 'utf8').split('\n');
  const servers = lines.findIndex((line) => line.trim() === '# servers');
  if (servers < 0) throw new Error(`${HAPROXY_CONFIG} has no "# servers" line`);
  return [
    ...lines.slice(0, servers + 1),
    ...ports.map((instancePort, index) => `    server instance${index + 1} 127.0.0.1:${instancePort}`),
    '',
  ]
    .join('\n')
    .replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${port}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(100);
  }
}

function piped(child: ChildProcess, name: string, log: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
}

/** Starts the instances one after the other (the first migrates and seeds), then the balancer in front. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(SERVER)) throw new Error('Build the server first: npm run build');
  const log = options.log ?? (() => {});
  const count = options.instances ?? 3;
  const ports: number[] = [];
  for (let index = 0; index < count; index++) ports.push(await freePort());
  const environment = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    // Every instance signs and checks the same tokens.
    APP_SECRET: randomBytes(48).toString('base64'),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN: `${options.drainSeconds ?? 5}s`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const processes: (ChildProcess | null)[] = ports.map(() => null);

  async function startInstance(index: number) {
    const port = ports[index] as number;
    const child = spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      env: { ...environment, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    piped(child, `instance${index + 1}`, log);
    processes[index] = child;
    child.once('exit', () => {
      if (processes[index] === child) processes[index] = null;
    });
    await until(
      async () => {
        if (processes[index] !== child) throw new Error(`instance${index + 1} exited while starting`);
        return answers(`http://127.0.0.1:${port}/api/health`);
      },
      `instance${index + 1} to answer`,
    );
  }

  const directory = mkdtempSync(path.join(tmpdir(), 'cm-cluster-'));
  let balancer: ChildProcess | null = null;
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    for (const index of ports.keys()) await startInstance(index);
    const configFile = path.join(directory, 'haproxy.cfg');
    writeFileSync(configFile, balancerConfig(options.port, ports));
    balancer = spawn(haproxyPath(), ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    piped(balancer, 'haproxy', log);
    await until(() => answers(`${origin}/api/health`), 'the balancer to answer');
  } catch (error) {
    // Nothing of a cluster that failed to start is left running.
    for (const child of [...processes, balancer]) child?.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const started = balancer;

  return {
    origin,
    instances: ports.map((port, index) => ({
      name: `instance${index + 1}`,
      origin: `http://127.0.0.1:${port}`,
      running: () => processes[index] !== null,
    })),
    async restart(index, signal) {
      const child = processes[index];
      if (!child) throw new Error(`instance${index + 1} is not running`);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      const exitCode = await exited;
      await startInstance(index);
      return { exitCode };
    },
    async stop() {
      const running = processes.filter((child): child is ChildProcess => child !== null);
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await new Promise<void>((resolve) => {
        if (started.exitCode !== null) return resolve();
        started.once('exit', () => resolve());
        started.kill('SIGTERM');
      });
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
