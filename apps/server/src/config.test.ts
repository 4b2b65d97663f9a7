import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 's'.repeat(40);

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ APP_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      database: { kind: 'pglite', directory: path.resolve('./data/pglite') },
      appName: 'Components Master',
      appBrand: null,
      devMode: false,
      maintenance: false,
      seedDemo: true,
      accessTokenTtlSeconds: 900,
      refreshTokenIdleTtlSeconds: 12 * 3600,
      refreshTokenAbsoluteTtlSeconds: 7 * 86_400,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ APP_SECRET: SECRET, PORT: '', APP_BRAND: '' })).toMatchObject({ port: 3000, appBrand: null });
  });

  it('lists every wrong value at once, naming its variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DEV_MODE: 'maybe',
      ACCESS_TOKEN_TTL: '15 minutes',
      APP_SECRET: SECRET,
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'DEV_MODE', 'ACCESS_TOKEN_TTL']);
  });

  it('requires APP_SECRET with DATABASE_URL, and a postgres URL', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://localhost/cm' })[0]).toMatch(/^APP_SECRET: required/);
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/cm', APP_SECRET: SECRET })[0]).toMatch(/^DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/cm', APP_SECRET: SECRET });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://localhost/cm', poolSize: 10 });
    expect(config.seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/cm', APP_SECRET: SECRET, SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it('holds maintenance mode on with MAINTENANCE=true, and refuses a value that is no yes or no', () => {
    expect(loadConfig({ APP_SECRET: SECRET, MAINTENANCE: 'true' }).maintenance).toBe(true);
    expect(loadConfig({ APP_SECRET: SECRET, MAINTENANCE: '0' }).maintenance).toBe(false);
    expect(problemsOf({ APP_SECRET: SECRET, MAINTENANCE: 'on' })).toEqual([expect.stringMatching(/^MAINTENANCE: /)]);
  });

  it('seeds the demo in English unless DEMO_LOCALE asks for Russian, and refuses other languages', () => {
    expect(loadConfig({ APP_SECRET: SECRET }).demoLocale).toBe('en');
    expect(loadConfig({ APP_SECRET: SECRET, DEMO_LOCALE: 'ru' }).demoLocale).toBe('ru');
    expect(loadConfig({ APP_SECRET: SECRET, DEMO_LOCALE: '' }).demoLocale).toBe('en');
    expect(problemsOf({ APP_SECRET: SECRET, DEMO_LOCALE: 'de' })).toEqual([expect.stringMatching(/^DEMO_LOCALE: /)]);
    expect(
      problemsOf({ APP_SECRET: SECRET, DEMO_LOCALE: 'RU', PORT: 'x' }).map((problem) => problem.split(':')[0]),
    ).toEqual(['PORT', 'DEMO_LOCALE']);
  });

  it('generates a secret on the embedded database once and keeps it private', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'app-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
  });

  it('refuses an idle lifetime longer than the absolute one', () => {
    expect(problemsOf({ APP_SECRET: SECRET, REFRESH_TOKEN_IDLE_TTL: '8d' })[0]).toMatch(/^REFRESH_TOKEN_IDLE_TTL/);
  });
});
