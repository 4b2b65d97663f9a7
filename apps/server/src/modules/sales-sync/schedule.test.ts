import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call, secondInstance } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, signIn } from '../../../test/factories.js';
import { type Executor, queryRows } from '../../db/client.js';

/** Work done right after the named instance's next read of the latest run, before it goes on. */
const afterLatestRun = vi.hoisted(() => ({ next: null as { db: unknown; work: () => Promise<void> } | null }));

vi.mock('./runs.js', async (importOriginal) => {
  const runs = await importOriginal<typeof import('./runs.js')>();
  return {
    ...runs,
    async latestRun(db: Executor) {
      const run = await runs.latestRun(db);
      const pause = afterLatestRun.next;
      if (pause?.db === db) {
        afterLatestRun.next = null;
        await pause.work();
      }
      return run;
    },
  };
});

// Exactly one scheduled run per interval across all instances (issue #30). On PGlite one process owns the database,
// and the sync's lock is a flag of that process (lock.ts): there is no second instance to exclude.
describe.runIf(testEngine().kind === 'postgres')('the sync schedule on two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let fake: AmoCrmFake;

  async function scheduledRuns(): Promise<{ status: string }[]> {
    return queryRows(a.db, sql`select status from sales_sync_runs where trigger = 'scheduled' order by started_at`);
  }

  /** Every run so far started more than an interval ago: the next tick finds a run due. */
  async function intervalPassed() {
    await queryRows(a.db, sql`update sales_sync_runs set started_at = started_at - interval '1 hour'`);
  }

  async function tickedAndIdle(...instances: FastifyInstance[]) {
    await Promise.all(instances.map((instance) => instance.salesSync.tick()));
    await Promise.all(instances.map((instance) => instance.salesSync.whenIdle()));
  }

  beforeAll(async () => {
    const environment = { AMOCRM_REQUESTS_PER_SECOND: '1000' };
    a = await buildTestApp(environment);
    b = await secondInstance(a, environment);
    fake = await startAmoCrmFake({
      token: 'schedule-test-token',
      users: 2,
      leads: 20,
      seed: 5,
      rateLimitPerSecond: 1_000,
    });
    const token = (await signIn(a, await createUser(a, { role: 'administrator' }))).accessToken;
    const saved = await call(a, 'PUT', '/api/sales/settings', {
      token,
      body: { subdomain: fake.url, token: fake.token, syncIntervalMinutes: 5, timeZone: 'UTC' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  afterAll(async () => {
    await Promise.all([a?.salesSync.whenIdle(), b?.salesSync.whenIdle()]);
    await fake?.close();
  });

  it('starts no second run when the other instance ran the due one between its look at the runs and its start', async () => {
    // B finds the run due; before it goes on, A finds it due too and runs it to the end.
    afterLatestRun.next = { db: b.db, work: () => tickedAndIdle(a) };
    await tickedAndIdle(b);
    expect(afterLatestRun.next).toBeNull();
    expect(await scheduledRuns()).toEqual([{ status: 'succeeded' }]);
  });

  it('starts one run when both instances tick at once, and none before the interval has passed', async () => {
    await intervalPassed();
    const before = (await scheduledRuns()).length;
    await tickedAndIdle(a, b);
    expect((await scheduledRuns()).slice(before)).toEqual([{ status: 'succeeded' }]);
    await tickedAndIdle(a, b);
    expect(await scheduledRuns()).toHaveLength(before + 1);
  });
});
