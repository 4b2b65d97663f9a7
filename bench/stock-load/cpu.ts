// CPU accounting from /proc: the server process, every PostgreSQL process, this process (the load generator)
// and the whole machine, so a scenario's figures say which side ran out of CPU.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function postgresCpu(): Map<number, number> {
  const seconds = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return seconds;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return seconds;
}

/** Busy CPU seconds of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusySeconds(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

export type CpuSnapshot = {
  server: number;
  postgres: Map<number, number>;
  self: NodeJS.CpuUsage;
  machine: number;
  at: number;
};

/** The CPU seconds each party has used so far, and when they were read. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  return {
    server: cpuSecondsOf(serverPid),
    postgres: postgresCpu(),
    self: process.cpuUsage(),
    machine: machineBusySeconds(),
    at: performance.now(),
  };
}

/** CPU used between two snapshots, in % of one core: server, PostgreSQL, load generator, everything else. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot) {
  const wall = (after.at - before.at) / 1000;
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const self = process.cpuUsage(before.self);
  const percent = (seconds: number) => Math.round((seconds / wall) * 100);
  const server = after.server - before.server;
  const loadGenerator = (self.user + self.system) / 1e6;
  const others = Math.max(0, after.machine - before.machine - server - postgres - loadGenerator);
  return {
    server: percent(server),
    postgres: percent(postgres),
    loadGenerator: percent(loadGenerator),
    others: percent(others),
    serverSeconds: server,
    postgresSeconds: postgres,
  };
}

export type CpuShare = ReturnType<typeof cpuBetween>;
