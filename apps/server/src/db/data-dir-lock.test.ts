import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from './data-dir-lock.js';

const lockFile = (directory: string) => path.join(directory, 'server.lock');

describe('lockDataDirectory', () => {
  it('refuses while another live process holds the lock, and frees it on release', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'cm-lock-'));
    writeFileSync(lockFile(directory), JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDirectory(directory)).toThrow(DataDirectoryInUseError);

    writeFileSync(lockFile(directory), JSON.stringify({ pid: 2 ** 22 + 12_345, host: hostname() }));
    const release = lockDataDirectory(directory);
    expect(JSON.parse(readFileSync(lockFile(directory), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile(directory))).toBe(false);
  });

  it('takes over a lock that names its own pid: a leftover of a restarted container', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'cm-lock-'));
    writeFileSync(lockFile(directory), JSON.stringify({ pid: process.pid, host: hostname() }));
    let release = () => {};
    expect(() => {
      release = lockDataDirectory(directory);
    }).not.toThrow();
    release();
    expect(existsSync(lockFile(directory))).toBe(false);
  });
});
