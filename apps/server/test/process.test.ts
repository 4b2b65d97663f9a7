import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse, TwoFactorSetup } from '@cm/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/seed.js';
import { createPostgresDatabase } from './database.js';
import { testEngine } from './engine.js';
import { finished, runEntry, startServer } from './process.js';

async function signIn(url: string, email: string, password: string) {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

// Process-level behaviour of the embedded database; PostgreSQL has no data directory to guard.
describe.runIf(testEngine().kind === 'pglite')('the server process on the embedded database', () => {
  // Two starts, one seeding the demo (users, a stock catalogue, a year of sales), and two stops: slow on a busy machine.
  it('seeds demo data once, refuses a second process on the same data directory, and shuts down cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-process-'));
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output).toContain('admin@example.com');
    expect(first.output).toContain(DEMO_PASSWORD);

    const second = await finished(runEntry('src/server.ts', [], { DATA_DIR: dataDir, PORT: '0' }));
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/data directory .* is already in use by another Components Master process/);

    // The first keeps working with its data.
    expect((await signIn(first.url, 'admin@example.com', DEMO_PASSWORD)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = await startServer({ DATA_DIR: dataDir });
    expect(again.output).not.toContain(DEMO_PASSWORD);
    expect((await signIn(again.url, 'manager@example.com', DEMO_PASSWORD)).status).toBe(200);
    again.child.kill('SIGINT');
    expect((await again.exit).code).toBe(0);
  }, 120_000);

  it('stops with a message naming a wrong configuration value', async () => {
    const result = await finished(runEntry('src/server.ts', [], { PORT: 'http', DATA_DIR: tmpdir() }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT:');
  });
});

describe.runIf(testEngine().kind === 'pglite')('npm run user:create', () => {
  const cli = (args: string[], environment: Record<string, string>) =>
    finished(runEntry('src/cli/user-create.ts', args, environment));

  // Three processes, each opening the embedded database: 18 s on an idle 2-core machine, more under load.
  it('creates, then updates a user, creating departments; the user can sign in', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-cli-'));
    const environment = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const args = ['--email', 'Ops@Example.com', '--password', 'first-password', '--role', 'Administrator'];
    const created = await cli([...args, '--department', 'Night Shift', '--department', 'Day Shift'], environment);
    expect(created.stdout).toContain('Created administrator Ops@Example.com');
    expect(created.code).toBe(0);
    const updated = await cli(
      ['--email', 'ops@example.com', '--password', 'second-password', '--role', 'worker', '--name', 'Ops'],
      environment,
    );
    expect(updated.stdout).toContain('Updated worker ops@example.com');

    const server = await startServer(environment);
    try {
      expect((await signIn(server.url, 'ops@example.com', 'first-password')).status).toBe(401);
      const response = await signIn(server.url, 'ops@example.com', 'second-password');
      const { user } = (await response.json()) as LoginResponse;
      expect(user).toMatchObject({ role: 'worker', name: 'Ops' });
      expect(user.departments.map((department: { name: string }) => department.name)).toEqual([
        'Day Shift',
        'Night Shift',
      ]);
      // While the server holds the embedded database, the CLI refuses rather than corrupting it.
      const blocked = await cli(args, environment);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain('already in use');
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
  }, 120_000);

  it('explains bad arguments without touching the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cm-cli-'));
    const result = await cli(['--email', 'nope', '--password', 'short', '--role', 'boss'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--email');
    expect(result.stderr).toContain('--password');
    expect(result.stderr).toContain('--role');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});

describe.runIf(testEngine().kind === 'postgres')('the server process on PostgreSQL', () => {
  it('starts two instances on one database, and user:create works while they run, two-factor reset included', async () => {
    const url = await createPostgresDatabase();
    const environment = { DATABASE_URL: url, APP_SECRET: 'p'.repeat(40), SEED_DEMO: 'true' };
    // Both apply migrations and seed at the same moment; the advisory locks let exactly one do each.
    const [first, second] = await Promise.all([startServer(environment), startServer(environment)]);
    try {
      const seededOutputs = [first.output, second.output].filter((output) => output.includes(DEMO_PASSWORD));
      expect(seededOutputs).toHaveLength(1);
      const created = await finished(
        runEntry(
          'src/cli/user-create.ts',
          ['--email', 'pg@example.com', '--password', 'pg-password', '--role', 'manager'],
          environment,
        ),
      );
      expect(created.code).toBe(0);
      const session = (await (await signIn(first.url, 'pg@example.com', 'pg-password')).json()) as LoginResponse;
      expect((await signIn(second.url, 'admin@example.com', DEMO_PASSWORD)).status).toBe(200);

      // Two-factor sign-in turned on, then off from the command line: the way back in without an administrator.
      const authorization = `Bearer ${session.accessToken}`;
      const setup = await fetch(`${first.url}/api/profile/two-factor/setup`, {
        method: 'POST',
        headers: { authorization },
      });
      const { secret } = (await setup.json()) as TwoFactorSetup;
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      const enable = await fetch(`${first.url}/api/profile/two-factor/enable`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ code, password: 'pg-password' }),
      });
      expect(enable.status).toBe(200);
      expect((await signIn(first.url, 'pg@example.com', 'pg-password')).status).toBe(401);
      const reset = await finished(
        runEntry(
          'src/cli/user-create.ts',
          ['--email', 'pg@example.com', '--password', 'pg-password', '--role', 'manager', '--reset-two-factor'],
          environment,
        ),
      );
      expect(reset.stdout).toContain('Two-factor sign-in turned off');
      expect((await signIn(second.url, 'pg@example.com', 'pg-password')).status).toBe(200);
    } finally {
      for (const server of [first, second]) server.child.kill('SIGTERM');
      await Promise.all([first.exit, second.exit]);
    }
  });
});
