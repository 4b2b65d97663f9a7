import type { PlanGrid, SalesSettings, SyncRun } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_FIELD_ID } from '../../../../../tools/amocrm-fake/data.js';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { capturedLogLines } from '../../../test/log-lines.js';
import { queryRows } from '../../db/client.js';

const AMO_TOKEN = 'long-lived-token-that-must-never-leak-1f3a9c';

let app: FastifyInstance;
let fake: AmoCrmFake;
let admin: string;
let manager: string;
let worker: string;
let logLines: string[] = [];
const bodies: string[] = [];
/** Every webhook secret the settings had, for the leak check at the end. */
const webhookSecrets = new Set<string>();

function rememberWebhookSecret(webhookPath: string): void {
  const secret = webhookPath.split('/').at(-1);
  if (secret) webhookSecrets.add(secret);
}

/** `call`, remembering every response body for the leak check at the end. */
async function request(...args: Parameters<typeof call>) {
  const response = await call(...args);
  bodies.push(response.body);
  return response;
}

function settingsBody(overrides: Record<string, unknown> = {}) {
  return {
    subdomain: fake.url,
    token: AMO_TOKEN,
    paymentMethodFieldId: PAYMENT_METHOD_FIELD_ID,
    syncIntervalMinutes: 0,
    timeZone: 'Europe/Moscow',
    currency: 'RUB',
    ...overrides,
  };
}

/** The run once it is over: its row final and the service idle, its lock released (a next sync may start). */
async function waitForRun(runId: string): Promise<SyncRun> {
  for (;;) {
    const run: SyncRun = (await request(app, 'GET', `/api/sales/sync/runs/${runId}`, { token: admin })).json();
    if (run.status !== 'running') {
      await app.salesSync.whenIdle();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  app = await buildTestApp({ AMOCRM_REQUESTS_PER_SECOND: '1000', LOG_LEVEL: 'trace' });
  logLines = capturedLogLines(app);
  fake = await startAmoCrmFake({ token: AMO_TOKEN, users: 3, leads: 120, seed: 3, rateLimitPerSecond: 1_000 });
  admin = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
  manager = (await signIn(app, await createUser(app, { role: 'manager' }))).accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker' }))).accessToken;
}, 60_000);

afterAll(async () => {
  await app.salesSync.whenIdle();
  await fake.close();
});

describe('access', () => {
  const endpoints: [method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown][] = [
    ['GET', '/api/sales/settings'],
    ['PUT', '/api/sales/settings', { subdomain: 'mycompany', timeZone: 'Europe/Moscow' }],
    ['POST', '/api/sales/settings/webhook-secret'],
    ['GET', '/api/sales/lead-fields'],
    ['GET', '/api/sales/pipelines'],
    ['POST', '/api/sales/sync'],
    ['GET', '/api/sales/sync/runs'],
    ['GET', '/api/sales/sync/runs/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/sales/plans?year=2025'],
    [
      'PUT',
      '/api/sales/plans',
      { items: [{ userId: '00000000-0000-4000-8000-000000000000', month: '2025-01', amountMinor: 1 }] },
    ],
    ['POST', '/api/sales/plans/copy', { fromMonth: '2025-01', toMonth: '2025-02' }],
  ];

  it.each(endpoints)('%s %s is for administrators only', async (method, url, body) => {
    for (const token of [manager, worker]) {
      const response = await request(app, method, url, { token, ...(body !== undefined && { body }) });
      expect([response.statusCode, response.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await request(app, method, url, body === undefined ? {} : { body })).statusCode).toBe(401);
  });
});

describe('amoCRM connection settings', () => {
  it('starts with defaults, a webhook URL to copy and no token', async () => {
    const response = await request(app, 'GET', '/api/sales/settings', { token: admin });
    expect(response.statusCode).toBe(200);
    const settings: SalesSettings = response.json();
    expect(settings).toMatchObject({
      subdomain: null,
      tokenSet: false,
      includedPipelineIds: [],
      paymentMethodFieldId: null,
      syncIntervalMinutes: 15,
      timeZone: 'Europe/Moscow',
      currency: 'RUB',
      lastRun: null,
    });
    expect(settings.webhookPath).toMatch(/^\/api\/webhooks\/amocrm\/[\w-]{43}$/);
    rememberWebhookSecret(settings.webhookPath);
    // No public address configured: the server names only the path, whatever Host the request carried.
    expect(settings.webhookUrl).toBeNull();
  });

  it('keeps the token write-only: stored sealed, reported only as set, kept when omitted, removed with null', async () => {
    const saved = await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody() });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ tokenSet: true, subdomain: fake.url, baseUrl: fake.url });
    const [row] = await queryRows<{ token_sealed: string }>(app.db, sql`select token_sealed from sales_settings`);
    expect(row?.token_sealed).toMatch(/^v1\./);
    expect(row?.token_sealed).not.toContain(AMO_TOKEN);

    const { token: _omitted, ...withoutToken } = settingsBody({ syncIntervalMinutes: 30 });
    const kept = await request(app, 'PUT', '/api/sales/settings', { token: admin, body: withoutToken });
    expect(kept.json()).toMatchObject({ tokenSet: true, syncIntervalMinutes: 30 });

    const removed = await request(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: settingsBody({ token: null }),
    });
    expect(removed.json().tokenSet).toBe(false);
    expect(
      (await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody() })).json().tokenSet,
    ).toBe(true);
  });

  it('asks for the token again when the account address changes, so it never goes to another host', async () => {
    const { token: _omitted, ...withoutToken } = settingsBody({ subdomain: 'another-company' });
    const refused = await request(app, 'PUT', '/api/sales/settings', { token: admin, body: withoutToken });
    expect([refused.statusCode, refused.json().errors?.[0]?.path]).toEqual([400, 'body.token']);
    expect((await request(app, 'GET', '/api/sales/settings', { token: admin })).json().subdomain).toBe(fake.url);
  });

  it('validates the address, the time zone and the currency', async () => {
    for (const invalid of [
      { subdomain: 'http://example.com' },
      { subdomain: 'https://user:pass@example.com' },
      { timeZone: 'Mars/Olympus' },
      { currency: 'rubles' },
      { syncIntervalMinutes: -1 },
    ]) {
      const response = await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody(invalid) });
      expect([response.statusCode, response.json().code], JSON.stringify(invalid)).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Valid for Node's time zone list, dropped from PostgreSQL's: refused, not a 500 later.
    const unknownToDatabase = await request(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: settingsBody({ timeZone: 'US/Pacific-New' }),
    });
    expect([unknownToDatabase.statusCode, unknownToDatabase.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(unknownToDatabase.json().errors[0].path).toBe('body.timeZone');
    expect((await request(app, 'GET', '/api/sales/settings', { token: admin })).json().timeZone).toBe('Europe/Moscow');
    const https = await request(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: settingsBody({ subdomain: 'mycompany' }),
    });
    expect(https.json().baseUrl).toBe('https://mycompany.amocrm.ru');
    await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody() });
  });

  it('replaces the webhook secret: the old URL stops working', async () => {
    const before: SalesSettings = (await request(app, 'GET', '/api/sales/settings', { token: admin })).json();
    const rotated = await request(app, 'POST', '/api/sales/settings/webhook-secret', { token: admin });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().webhookPath).not.toBe(before.webhookPath);
    rememberWebhookSecret(before.webhookPath);
    rememberWebhookSecret(rotated.json().webhookPath);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const old = await app.inject({ method: 'POST', url: before.webhookPath, headers: form, payload: 'account[id]=1' });
    expect(old.statusCode).toBe(404);
    const fresh = await app.inject({
      method: 'POST',
      url: rotated.json().webhookPath,
      headers: form,
      payload: 'account[id]=1',
    });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('the server on the internet', () => {
  let guarded: FastifyInstance;
  let guardedAdmin: string;
  beforeAll(async () => {
    guarded = await buildTestApp({ AMOCRM_ALLOW_PRIVATE_ADDRESSES: 'false', PUBLIC_URL: 'https://office.example.com' });
    guardedAdmin = (await signIn(guarded, await createUser(guarded, { role: 'administrator' }))).accessToken;
  });

  it('takes the webhook URL from its public address, never from the Host header', async () => {
    const response = await guarded.inject({
      method: 'GET',
      url: '/api/sales/settings',
      headers: { authorization: `Bearer ${guardedAdmin}`, host: 'evil.example' },
    });
    const settings: SalesSettings = response.json();
    expect(settings.webhookUrl).toBe(`https://office.example.com${settings.webhookPath}`);
    const rotated = await call(guarded, 'POST', '/api/sales/settings/webhook-secret', { token: guardedAdmin });
    expect(rotated.json().webhookUrl).toBe(`https://office.example.com${rotated.json().webhookPath}`);
  });

  it.each([
    'http://127.0.0.1:1',
    'http://localhost:1',
    'http://127.1:1',
    'https://10.0.0.1',
    'https://169.254.169.254',
    'https://[::1]',
    'https://[::ffff:127.0.0.1]',
  ])('refuses the account address %s, which is not on the internet', async (subdomain) => {
    const response = await call(guarded, 'PUT', '/api/sales/settings', {
      token: guardedAdmin,
      body: settingsBody({ subdomain }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: 'body.subdomain', code: 'address_not_public' }),
    ]);
  });

  it('never connects to a private address stored before, and says amoCRM is unreachable', async () => {
    const before = fake.control.requests().length;
    await guarded.db.execute(sql`update sales_settings set subdomain = ${fake.url}`);
    await call(guarded, 'PUT', '/api/sales/settings', {
      token: guardedAdmin,
      body: settingsBody({ subdomain: 'mycompany' }),
    });
    await guarded.db.execute(sql`update sales_settings set subdomain = ${fake.url}`);
    const started = performance.now();
    const read = await call(guarded, 'GET', '/api/sales/lead-fields', { token: guardedAdmin });
    expect([read.statusCode, read.json().code]).toEqual([502, 'AMOCRM_UNAVAILABLE']);
    expect(read.json().detail).toContain('not a public internet address');
    // Refused before connecting, and not retried: no time for a port scan to measure.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(fake.control.requests().length).toBe(before);
  });
});

describe('reading from amoCRM', () => {
  it("lists the account's lead fields, with the options of select fields", async () => {
    const response = await request(app, 'GET', '/api/sales/lead-fields', { token: admin });
    expect(response.statusCode).toBe(200);
    const field = response.json().items.find((item: { id: number }) => item.id === PAYMENT_METHOD_FIELD_ID);
    expect(field).toMatchObject({ name: 'Payment method', type: 'select' });
    expect(field.enums.map((option: { value: string }) => option.value)).toEqual([
      'Cash',
      'Card',
      'Bank transfer',
      'Installments',
    ]);
  });

  it('reads pipelines live before the first sync and from the database after it', async () => {
    const live = (await request(app, 'GET', '/api/sales/pipelines', { token: admin })).json();
    expect(live.source).toBe('live');
    expect(live.items.map((pipeline: { id: number }) => pipeline.id)).toEqual(
      fake.control.data.pipelines.map((p) => p.id),
    );

    const started = await request(app, 'POST', '/api/sales/sync', { token: admin });
    expect(started.statusCode).toBe(202);
    const run = await waitForRun(started.json().runId);
    expect(run).toMatchObject({ status: 'succeeded', leads: 120, startedBy: { name: 'Test User' } });

    const stored = (await request(app, 'GET', '/api/sales/pipelines', { token: admin })).json();
    expect(stored).toEqual({ ...live, source: 'stored' });
    const settings = (await request(app, 'GET', '/api/sales/settings', { token: admin })).json();
    expect(settings.accountId).toBe(fake.control.data.account.id);
    expect(settings.lastRun.id).toBe(run.id);
  });

  it('reports a refused token and an unreachable amoCRM as problems, not as a failed sign-in', async () => {
    fake.control.setToken('rotated-in-amocrm');
    try {
      const refused = await request(app, 'GET', '/api/sales/lead-fields', { token: admin });
      expect([refused.statusCode, refused.json().code]).toEqual([502, 'AMOCRM_TOKEN_INVALID']);
    } finally {
      fake.control.setToken(AMO_TOKEN);
    }

    // Port 1 (tcpmux) has no listener here; a port freed by a closed stand-in could be taken by another test file's.
    await request(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: settingsBody({ subdomain: 'http://127.0.0.1:1' }),
    });
    const unreachable = await request(app, 'GET', '/api/sales/lead-fields', { token: admin });
    expect([unreachable.statusCode, unreachable.json().code]).toEqual([502, 'AMOCRM_UNAVAILABLE']);
    const live = await request(app, 'GET', '/api/sales/pipelines?live=true', { token: admin });
    expect(live.json().code).toBe('AMOCRM_UNAVAILABLE');
    await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody() });
  });

  it('refuses to sync or read before an account and token are set', async () => {
    await request(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: settingsBody({ subdomain: null, token: null }),
    });
    for (const [method, url] of [
      ['POST', '/api/sales/sync'],
      ['GET', '/api/sales/lead-fields'],
    ] as const) {
      const response = await request(app, method, url, { token: admin });
      expect([response.statusCode, response.json().code]).toEqual([409, 'AMOCRM_NOT_CONFIGURED']);
    }
    await request(app, 'PUT', '/api/sales/settings', { token: admin, body: settingsBody() });
  });
});

describe('monthly plans', () => {
  let ivanova: string;
  let petrov: string;

  beforeAll(async () => {
    ivanova = (await createUser(app, { role: 'manager' })).id;
    petrov = (await createUser(app, { role: 'worker' })).id;
    await queryRows(app.db, sql`update users set name = 'Anna Ivanova' where id = ${ivanova}`);
    // A worker with an AMO ID sells too.
    await queryRows(app.db, sql`update users set name = 'Pavel Petrov', amo_id = 555001 where id = ${petrov}`);
  });

  async function grid(year: number): Promise<PlanGrid> {
    return (await request(app, 'GET', `/api/sales/plans?year=${year}`, { token: admin })).json();
  }

  it('shows managers and AMO ID holders × 12 months, and saves plans all or nothing', async () => {
    const empty = await grid(2025);
    expect(empty.months[0]).toBe('2025-01');
    expect(empty.months).toHaveLength(12);
    const rowOf = (plans: PlanGrid, id: string) => plans.managers.find((row) => row.userId === id);
    expect(rowOf(empty, ivanova)?.amounts).toEqual(Array(12).fill(null));
    expect(rowOf(empty, petrov)).toMatchObject({ name: 'Pavel Petrov', amoId: 555001, role: 'worker' });

    const saved = await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: {
        items: [
          { userId: ivanova, month: '2025-01', amountMinor: 150_000_00 },
          { userId: ivanova, month: '2025-02', amountMinor: 160_000_00 },
          { userId: petrov, month: '2025-02', amountMinor: 90_000_00 },
        ],
      },
    });
    expect(saved.json()).toEqual({ saved: 3, removed: 0 });
    const filled = await grid(2025);
    expect(rowOf(filled, ivanova)?.amounts.slice(0, 3)).toEqual([150_000_00, 160_000_00, null]);
    expect(rowOf(filled, petrov)?.amounts[1]).toBe(90_000_00);

    const adminId = (await request(app, 'GET', '/api/auth/me', { token: admin })).json().id;
    const refused = await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: {
        items: [
          { userId: ivanova, month: '2025-03', amountMinor: 1 },
          { userId: adminId, month: '2025-03', amountMinor: 1 },
        ],
      },
    });
    expect([refused.statusCode, refused.json().errors[0].path]).toEqual([400, 'body.items.1.userId']);
    expect(rowOf(await grid(2025), ivanova)?.amounts[2]).toBeNull();

    const invalid = await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: { items: [{ userId: ivanova, month: '2025-13', amountMinor: -5 }] },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('copies one month to another, keeping existing plans unless asked to overwrite, and removes with null', async () => {
    await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: { items: [{ userId: petrov, month: '2025-03', amountMinor: 1_00 }] },
    });
    const copy = await request(app, 'POST', '/api/sales/plans/copy', {
      token: admin,
      body: { fromMonth: '2025-02', toMonth: '2025-03' },
    });
    expect(copy.json()).toEqual({ copied: 1, skipped: 1 });
    const row = (plans: PlanGrid, id: string) =>
      plans.managers.find((candidate) => candidate.userId === id)?.amounts[2];
    expect([row(await grid(2025), ivanova), row(await grid(2025), petrov)]).toEqual([160_000_00, 1_00]);

    const overwrite = await request(app, 'POST', '/api/sales/plans/copy', {
      token: admin,
      body: { fromMonth: '2025-02', toMonth: '2025-03', overwrite: true },
    });
    expect(overwrite.json()).toEqual({ copied: 2, skipped: 0 });
    expect(row(await grid(2025), petrov)).toBe(90_000_00);

    const same = await request(app, 'POST', '/api/sales/plans/copy', {
      token: admin,
      body: { fromMonth: '2025-03', toMonth: '2025-03' },
    });
    expect(same.statusCode).toBe(400);

    const removed = await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: { items: [{ userId: petrov, month: '2025-03', amountMinor: null }] },
    });
    expect(removed.json()).toEqual({ saved: 0, removed: 1 });
    expect(row(await grid(2025), petrov)).toBeNull();
  });
});

describe('monthly plans of another department', () => {
  it('are neither shown, nor saved, nor copied from the current department', async () => {
    const outsider = (await createUser(app, { role: 'manager', departments: ['Far Sales'] })).id;
    const farAdmin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Far Sales'] })))
      .accessToken;
    const farGrid: PlanGrid = (await request(app, 'GET', '/api/sales/plans?year=2024', { token: farAdmin })).json();
    expect(farGrid.managers.map((row) => row.userId)).toEqual([outsider]);
    await request(app, 'PUT', '/api/sales/plans', {
      token: farAdmin,
      body: { items: [{ userId: outsider, month: '2024-01', amountMinor: 5_00 }] },
    });

    const ours: PlanGrid = (await request(app, 'GET', '/api/sales/plans?year=2024', { token: admin })).json();
    expect(ours.managers.map((row) => row.userId)).not.toContain(outsider);
    const refused = await request(app, 'PUT', '/api/sales/plans', {
      token: admin,
      body: { items: [{ userId: outsider, month: '2024-02', amountMinor: 1 }] },
    });
    expect([refused.statusCode, refused.json().errors[0].path]).toEqual([400, 'body.items.0.userId']);
    const copied = await request(app, 'POST', '/api/sales/plans/copy', {
      token: admin,
      body: { fromMonth: '2024-01', toMonth: '2024-02' },
    });
    expect(copied.json()).toEqual({ copied: 0, skipped: 0 });
    const theirs: PlanGrid = (await request(app, 'GET', '/api/sales/plans?year=2024', { token: farAdmin })).json();
    expect(theirs.managers[0]?.amounts.slice(0, 2)).toEqual([5_00, null]);
  });
});

describe('secrecy of the token and the webhook secret', () => {
  it('the token never appears in a response or a log line, the webhook secrets, old or new, in no log line', async () => {
    expect(bodies.length).toBeGreaterThan(40);
    expect(logLines.length).toBeGreaterThan(40);
    for (const body of bodies) expect(body).not.toContain(AMO_TOKEN);
    for (const line of logLines) expect(line).not.toContain(AMO_TOKEN);
    // The first secret, and the old and new one of the rotation (whose URLs were both called).
    expect(webhookSecrets.size).toBe(2);
    for (const secret of webhookSecrets) {
      for (const line of logLines) expect(line).not.toContain(secret);
    }
    // The logs did see the settings requests and the sync.
    expect(logLines.some((line) => line.includes('/api/sales/settings'))).toBe(true);
    expect(logLines.some((line) => line.includes('amoCRM sync finished'))).toBe(true);
  });
});
