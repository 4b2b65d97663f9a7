import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirectoryInUseError extends Error {
  constructor(directory: string, owner: string) {
    super(
      `The data directory ${directory} is already in use by another Components Master process (${owner}). ` +
        'Stop that process first, or start this one with another DATA_DIR. ' +
        'The embedded database can be opened by one process only; use DATABASE_URL to run several instances.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

type LockOwner = { pid: number; host: string };

/**
 * Takes an exclusive lock on the embedded database directory. PGlite has no guard of its own and two
 * processes writing one directory corrupt it, so the lock file names the owner's pid and host; a lock
 * whose owner process no longer runs (a crash) is taken over.
 */
export function lockDataDirectory(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, 'server.lock');
  const me: LockOwner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const descriptor = openSync(file, 'wx', 0o600);
      writeSync(descriptor, JSON.stringify(me));
      closeSync(descriptor);
      return () => releaseIfOwned(file, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && isAlive(owner)) {
        throw new DataDirectoryInUseError(directory, `pid ${owner.pid} on ${owner.host}`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirectoryInUseError(directory, 'another process took the lock at the same moment');
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: treat it as held.
  if (owner.host !== hostname()) return true;
  // This process has not taken the lock yet, so a lock naming its own pid was left by an earlier one
  // (a container restarted with the same pid 1, say).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOwned(file: string, me: LockOwner): void {
  const owner = readOwner(file);
  if (owner && owner.pid === me.pid && owner.host === me.host) rmSync(file, { force: true });
}
