import type { SyncRun } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call, secondInstance } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { amoClientFor } from './connection.js';
import { createSalesSync, isSyncDue } from './service.js';
import { type StoredSalesSettings, salesSettings } from './settings.js';

// amoCRM's real limit: the sync and the stand-in both at 7 requests per second (the defaults).
let app: FastifyInstance;
let fake: AmoCrmFake;
let token: string;

/** The run once it is over: its row final and the service idle, its lock released (a next sync may start). */
async function waitForRun(runId: string, onProgress: (run: SyncRun) => void = () => {}): Promise<SyncRun> {
  for (;;) {
    const run: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${runId}`, { token })).json();
    onProgress(run);
    if (run.status !== 'running') {
      await app.salesSync.whenIdle();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  expect(app.config.amocrmRequestsPerSecond).toBe(7);
  fake = await startAmoCrmFake({ token: 'rate-test-token', users: 3, leads: 400, seed: 9 });
  token = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
  const saved = await call(app, 'PUT', '/api/sales/settings', {
    token,
    body: { subdomain: fake.url, token: fake.token, syncIntervalMinutes: 0, timeZone: 'Europe/Moscow' },
  });
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  await app.salesSync.whenIdle();
  await fake.close();
});

describe('sync at the real rate limit', () => {
  it('shows its progress while it runs and never exceeds 7 requests per second', async () => {
    const started = await call(app, 'POST', '/api/sales/sync', { token });
    const seen: SyncRun[] = [];
    const run = await waitForRun(started.json().runId, (progress) => seen.push(progress));

    expect(run).toMatchObject({ status: 'succeeded', leads: 400, leadsCreated: 400 });
    const whileRunning = seen.filter((progress) => progress.status === 'running');
    expect(whileRunning.some((progress) => progress.pages > 0 && progress.pages < run.pages)).toBe(true);
    // Counters only grow.
    const pages = seen.map((progress) => progress.pages);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(fake.control.peakRequestsPerSecond()).toBeLessThanOrEqual(7);
    expect(fake.control.requests().filter((request) => request.status === 429)).toEqual([]);
  });

  it("shares the account's pacing with an administrator's live reads during the sync", async () => {
    fake.control.resetRequests();
    fake.control.touchLeads(fake.control.data.leads.map((lead) => lead.id));
    const started = await call(app, 'POST', '/api/sales/sync', { token });
    const reads = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(app, 'GET', index % 2 ? '/api/sales/lead-fields' : '/api/sales/pipelines?live=true', { token }),
      ),
    );
    const run = await waitForRun(started.json().runId);

    expect(reads.map((read) => read.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(run.status).toBe('succeeded');
    expect(fake.control.requests().filter((request) => request.status === 429)).toEqual([]);
    expect(fake.control.peakRequestsPerSecond()).toBeLessThanOrEqual(7);
  }, 30_000);

  it('rides out a storm of 429 and 503 answers within the limit, and succeeds', async () => {
    fake.control.resetRequests();
    fake.control.touchLeads(fake.control.data.leads.slice(0, 30).map((lead) => lead.id));
    // Gateway errors first (short backoff), then 429s (each waits its Retry-After of one second).
    fake.control.failNext(2, { status: 503 });
    fake.control.failNext(4, { status: 429, retryAfterSeconds: 1 });

    const started = await call(app, 'POST', '/api/sales/sync', { token });
    const run = await waitForRun(started.json().runId);

    expect(run).toMatchObject({ status: 'succeeded', leadsUpdated: 30, leadsCreated: 0 });
    const statuses = fake.control.requests().map((request) => request.status);
    // Exactly the forced failures: the retries themselves never tripped the stand-in's own limit.
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(fake.control.peakRequestsPerSecond()).toBeLessThanOrEqual(7);
  }, 30_000);
});

describe('the pace across instances', () => {
  it('keeps the clients of two instances on one database within 7 requests per second together', async () => {
    const other = await secondInstance(app);
    // The runs above paced themselves in this process alone: their last second must be over before this one counts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    fake.control.resetRequests();
    const clients = await Promise.all(
      [app, other].map(async (instance) =>
        amoClientFor(
          await salesSettings(instance.db, instance.config.timeZone),
          createSecretBox(instance.config.appSecret),
          {
            requestsPerSecond: instance.config.amocrmRequestsPerSecond,
            allowPrivateAddresses: instance.config.amocrmAllowPrivateAddresses,
            database: { db: instance.db, kind: instance.databaseKind },
          },
        ),
      ),
    );

    // Each instance alone would keep to 7, and together they would send 14 in the first second.
    await Promise.all(Array.from({ length: 30 }, (_, index) => clients[index % 2]?.pipelines()));

    expect(fake.control.requests().filter((request) => request.status === 429)).toEqual([]);
    expect(fake.control.peakRequestsPerSecond()).toBe(7);
  }, 30_000);
});

describe('scheduled sync', () => {
  const settings = (syncIntervalMinutes: number, connected = true) =>
    ({
      subdomain: connected ? 'mycompany' : null,
      tokenSealed: connected ? 'v1.sealed' : null,
      syncIntervalMinutes,
    }) as StoredSalesSettings;

  it('is due when connected, an interval is set and the last run started at least that long ago', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(isSyncDue(settings(15), null, now)).toBe(true);
    expect(isSyncDue(settings(15), new Date('2025-03-01T11:45:00Z'), now)).toBe(true);
    expect(isSyncDue(settings(15), new Date('2025-03-01T11:50:00Z'), now)).toBe(false);
    expect(isSyncDue(settings(0), null, now)).toBe(false);
    expect(isSyncDue(settings(15, false), null, now)).toBe(false);
    expect(isSyncDue(null, null, now)).toBe(false);
  });

  it('starts a scheduled run when due, and not again until the interval has passed', async () => {
    await call(app, 'PUT', '/api/sales/settings', {
      token,
      body: { subdomain: fake.url, syncIntervalMinutes: 5, timeZone: 'Europe/Moscow' },
    });
    const later = new Date(Date.now() + 10 * 60_000);
    await app.salesSync.tick(later);
    const runs = (await call(app, 'GET', '/api/sales/sync/runs', { token })).json();
    expect(runs.total).toBe(4);
    expect(runs.items[0]).toMatchObject({ trigger: 'scheduled', startedBy: null });
    await waitForRun(runs.items[0].id);

    // Four minutes after that run started, with no run under way: not due yet.
    await app.salesSync.tick(new Date(Date.now() + 4 * 60_000));
    expect((await call(app, 'GET', '/api/sales/sync/runs', { token })).json().total).toBe(4);
  });
});

describe('shutdown', () => {
  it('starts no run when stopped while a start is on its way, and waits for that start', async () => {
    // A second service on the same database, so that stopping it leaves the app's own service running.
    const service = createSalesSync({ db: app.db, kind: app.databaseKind, config: app.config, log: app.log });
    const runsBefore = (await call(app, 'GET', '/api/sales/sync/runs', { token })).json().total;

    const starting = service.start('manual', null);
    let settled = false;
    const settle = () => {
      settled = true;
    };
    starting.then(settle, settle);
    await service.stop();

    expect(settled).toBe(true);
    await expect(starting).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await call(app, 'GET', '/api/sales/sync/runs', { token })).json().total).toBe(runsBefore);
    // The lock was released: the app's service can sync.
    const started = await call(app, 'POST', '/api/sales/sync', { token });
    expect(started.statusCode).toBe(202);
    expect((await waitForRun(started.json().runId)).status).toBe('succeeded');
  });

  it('interrupts a running sync, records why, and starts no other', async () => {
    fake.control.touchLeads(fake.control.data.leads.map((lead) => lead.id));
    const started = await call(app, 'POST', '/api/sales/sync', { token });
    const runId = started.json().runId;
    for (;;) {
      const progress: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${runId}`, { token })).json();
      // A run that ended before reading a page fails the expectations below instead of looping for ever.
      if (progress.pages > 0 || progress.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    await app.salesSync.stop();

    const run: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${runId}`, { token })).json();
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/interrupted/);
    expect(run.finishedAt).not.toBeNull();
    const refused = await call(app, 'POST', '/api/sales/sync', { token });
    expect([refused.statusCode, refused.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });
});
