import type { SyncRun } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_FIELD_ID } from '../../../../../tools/amocrm-fake/data.js';
import { type AmoCrmFake, type RequestRecord, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { fromPostgresPools, postgresPool, queryRows } from '../../db/client.js';
import { createSyncLock } from './lock.js';
import { CURSOR_OVERLAP_SECONDS } from './service.js';

// A 5 000-lead account (20 full pages of 250, so the last lead page answers 204), synced through the API
// with the rate limit raised for speed; sync-rate.test.ts keeps amoCRM's real 7 requests per second.
const LEADS = 5_000;
const TIME_ZONE = 'Europe/Moscow';

let app: FastifyInstance;
let fake: AmoCrmFake;
let token: string;

async function sync(): Promise<SyncRun> {
  const started = await call(app, 'POST', '/api/sales/sync', { token });
  expect(started.statusCode).toBe(202);
  return waitForRun(started.json().runId);
}

/** The run once it is over: its row final and the service idle, its lock released (a next sync may start). */
async function waitForRun(runId: string): Promise<SyncRun> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    const run: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${runId}`, { token })).json();
    if (run.status !== 'running') {
      await app.salesSync.whenIdle();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

/**
 * Does `action` as soon as the stand-in has served a request that `served` matches, while `running` has not
 * settled; whether it did.
 */
async function whenServed(
  served: (request: RequestRecord) => boolean,
  action: () => void,
  running: Promise<unknown>,
): Promise<boolean> {
  let settled = false;
  const settle = () => {
    settled = true;
  };
  running.then(settle, settle);
  while (!settled) {
    if (fake.control.requests().some(served)) {
      action();
      return true;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return false;
}

function leadById(id: number) {
  // Generated ids are consecutive.
  const lead = fake.control.data.leads[id - (fake.control.data.leads[0]?.id ?? 0)];
  if (!lead) throw new Error(`no lead ${id}`);
  return lead;
}

function rows<Row>(query: ReturnType<typeof sql>) {
  return queryRows<Row>(app.db, query);
}

function calendarDays(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (unixSeconds: number) => format.format(unixSeconds * 1000);
}

/** Call seconds and messages per manager and day, computed from the stand-in's own records. */
function expectedActivity(timeZone = TIME_ZONE) {
  const dayOf = calendarDays(timeZone);
  const expected = new Map<string, { calls: number; seconds: number; messages: number }>();
  const entry = (manager: number, at: number) => {
    const key = `${manager}:${dayOf(at)}`;
    const found = expected.get(key) ?? { calls: 0, seconds: 0, messages: 0 };
    expected.set(key, found);
    return found;
  };
  for (const note of fake.control.data.notes) {
    if (note.note_type === 'common') continue;
    const found = entry(note.responsible_user_id, note.created_at);
    found.calls++;
    found.seconds += Number(note.params.duration);
  }
  for (const event of fake.control.data.events) {
    if (event.type === 'outgoing_chat_message' && event.created_by)
      entry(event.created_by, event.created_at).messages++;
  }
  return expected;
}

async function storedActivity() {
  const stored = await rows<{
    manager_amo_id: string;
    day: string;
    calls: number;
    call_seconds: string;
    messages: number;
  }>(
    sql`select manager_amo_id, to_char(day, 'YYYY-MM-DD') as day, calls, call_seconds, messages from sales_manager_activity`,
  );
  return new Map(
    stored.map((row) => [
      `${Number(row.manager_amo_id)}:${row.day}`,
      { calls: row.calls, seconds: Number(row.call_seconds), messages: row.messages },
    ]),
  );
}

beforeAll(async () => {
  app = await buildTestApp({ AMOCRM_REQUESTS_PER_SECOND: '1000' });
  fake = await startAmoCrmFake({
    token: 'sync-test-token',
    users: 6,
    leads: LEADS,
    seed: 11,
    rateLimitPerSecond: 1_000,
  });
  const admin = await signIn(app, await createUser(app, { role: 'administrator' }));
  token = admin.accessToken;
  const response = await call(app, 'PUT', '/api/sales/settings', {
    token,
    body: {
      subdomain: fake.url,
      token: fake.token,
      paymentMethodFieldId: PAYMENT_METHOD_FIELD_ID,
      syncIntervalMinutes: 0,
      timeZone: TIME_ZONE,
      currency: 'RUB',
    },
  });
  expect(response.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app.salesSync.whenIdle();
  await fake.close();
});

describe('first sync of an account', () => {
  let alpha: string;
  let beta: string;

  it('stores all 5 000 leads read over 20 pages, the last lead page answering 204', async () => {
    // Three of the six amoCRM users are known here by their AMO ID; the third works in two departments.
    const [first, second, third] = fake.control.data.users;
    if (!first || !second || !third) throw new Error('the stand-in has too few users');
    const managers = [
      await createUser(app, { role: 'manager', departments: ['Sales Alpha'] }),
      await createUser(app, { role: 'manager', departments: ['Sales Beta'] }),
      await createUser(app, { role: 'manager', departments: ['Sales Beta', 'Sales Alpha'] }),
    ];
    for (const [index, user] of [first, second, third].entries()) {
      await rows(sql`update users set amo_id = ${user.id} where id = ${managers[index]?.id}`);
    }
    [alpha, beta] = (
      await rows<{ id: string }>(
        sql`select id from departments where name in ('Sales Alpha', 'Sales Beta') order by name`,
      )
    ).map((row) => row.id) as [string, string];

    const run = await sync();

    expect(run).toMatchObject({
      status: 'succeeded',
      trigger: 'manual',
      leads: LEADS,
      leadsCreated: LEADS,
      leadsUpdated: 0,
    });
    expect(run.error).toBeNull();
    const leadRequests = fake.control.requests().filter((request) => request.path === '/api/v4/leads');
    expect(leadRequests.map((request) => request.status)).toEqual([...Array(20).fill(200), 204]);
    const [count] = await rows<{ count: string }>(sql`select count(*) as count from sales_leads`);
    expect(Number(count?.count)).toBe(LEADS);
    expect(run.unmatchedAmoUserIds).toEqual(fake.control.data.users.slice(3).map((user) => user.id));
    expect(run.pages).toBeGreaterThan(20);
    expect(run.notes).toBe(fake.control.data.notes.filter((note) => note.note_type !== 'common').length);
  }, 60_000);

  it('stores each lead as amoCRM describes it, with its manager, department, contact and payment method', async () => {
    const stored = await rows<{
      amo_id: string;
      title: string;
      budget_minor: string;
      payment_method: string | null;
      status_amo_id: string;
      pipeline_amo_id: string;
      loss_reason_amo_id: string | null;
      closed_at: Date | string | null;
      amo_created_at: Date | string;
      contact_name: string | null;
      manager_amo_id: string | null;
      department_id: string | null;
    }>(sql`select l.*, c.name as contact_name, u.amo_id as manager_amo_id from sales_leads l
           left join sales_contacts c on c.account_id = l.account_id and c.amo_id = l.main_contact_amo_id
           left join users u on u.id = l.manager_user_id`);
    const byId = new Map(stored.map((row) => [Number(row.amo_id), row]));
    const known = new Map(fake.control.data.users.slice(0, 3).map((user, index) => [user.id, index]));
    for (const lead of fake.control.data.leads) {
      const row = byId.get(lead.id);
      const mainContact = lead.contacts.find((contact) => contact.is_main);
      const payment = lead.custom_fields_values?.find((field) => field.field_id === PAYMENT_METHOD_FIELD_ID);
      expect(row, `lead ${lead.id}`).toBeDefined();
      if (!row) continue;
      expect({
        title: row.title,
        budget: Number(row.budget_minor),
        payment: row.payment_method,
        status: Number(row.status_amo_id),
        pipeline: Number(row.pipeline_amo_id),
        lossReason: row.loss_reason_amo_id === null ? null : Number(row.loss_reason_amo_id),
        closedAt: row.closed_at === null ? null : new Date(row.closed_at).getTime() / 1000,
        createdAt: new Date(row.amo_created_at).getTime() / 1000,
        contact: row.contact_name,
        manager: row.manager_amo_id === null ? null : Number(row.manager_amo_id),
      }).toEqual({
        title: lead.name,
        budget: lead.price * 100,
        payment: payment?.values[0]?.value ?? null,
        status: lead.status_id,
        pipeline: lead.pipeline_id,
        lossReason: lead.loss_reason_id,
        closedAt: lead.closed_at,
        createdAt: lead.created_at,
        contact: mainContact
          ? (fake.control.data.contacts.find((contact) => contact.id === mainContact.id)?.name ?? null)
          : null,
        manager: known.has(lead.responsible_user_id) ? lead.responsible_user_id : null,
      });
      // The third manager belongs to both departments; Sales Alpha is the older one.
      const expectedDepartment = [alpha, beta, alpha][known.get(lead.responsible_user_id) ?? -1] ?? null;
      expect(row.department_id).toBe(expectedDepartment);
    }
    const pipelines = await rows<{ count: string }>(sql`select count(*) as count from sales_pipeline_statuses`);
    expect(Number(pipelines[0]?.count)).toBe(
      fake.control.data.pipelines.reduce((total, pipeline) => total + pipeline.statuses.length, 0),
    );
    const reasons = await rows<{ count: string }>(sql`select count(*) as count from sales_loss_reasons`);
    expect(Number(reasons[0]?.count)).toBe(fake.control.data.lossReasons.length);
  });

  it('counts call minutes per manager per day from call notes on leads and on contacts, and outgoing messages', async () => {
    const contactSeconds = fake.control.data.notes
      .filter((note) => note.entity_type === 'contacts' && note.note_type !== 'common')
      .reduce((total, note) => total + Number(note.params.duration), 0);
    expect(contactSeconds).toBeGreaterThan(0);
    expect(await storedActivity()).toEqual(expectedActivity());
    const [minutes] = await rows<{ call_seconds: string; call_minutes: string }>(
      sql`select call_seconds, call_minutes from sales_manager_activity where call_seconds > 0 limit 1`,
    );
    expect(Number(minutes?.call_minutes)).toBeCloseTo(Number(minutes?.call_seconds) / 60, 2);
  });
});

describe('later syncs', () => {
  it('change nothing when amoCRM has not changed', async () => {
    const before = await rows(sql`select * from sales_leads order by amo_id`);
    const activityBefore = await storedActivity();

    const run = await sync();

    expect(run).toMatchObject({ status: 'succeeded', leadsCreated: 0, leadsUpdated: 0 });
    // Only the safety overlap before the cursor (the newest updated_at seen) is read again.
    const newest = Math.max(...fake.control.data.leads.map((lead) => lead.updated_at));
    const overlap = fake.control.data.leads.filter((lead) => lead.updated_at >= newest - CURSOR_OVERLAP_SECONDS);
    expect(run.leads).toBe(overlap.length);
    expect(run.leads).toBeLessThan(LEADS);
    expect(await rows(sql`select * from sales_leads order by amo_id`)).toEqual(before);
    expect(await storedActivity()).toEqual(activityBefore);
  });

  it('update exactly the leads changed in amoCRM, and add the new calls, also on contacts', async () => {
    const open = fake.control.data.leads.filter((lead) => lead.closed_at === null);
    const [won, lost, repriced] = open;
    const reason = fake.control.data.lossReasons[1];
    const contact = fake.control.data.contacts[0];
    if (!won || !lost || !repriced || !reason || !contact) throw new Error('the stand-in account is too small');
    fake.control.changeLead(won.id, { status_id: 142 });
    fake.control.changeLead(lost.id, { status_id: 143, loss_reason_id: reason.id });
    fake.control.changeLead(repriced.id, { price: 777_700 });
    fake.control.addCallNote({ entity: 'contacts', entityId: contact.id, direction: 'out', durationSeconds: 437 });
    fake.control.addOutgoingMessage({ leadId: won.id });

    const run = await sync();

    expect(run).toMatchObject({ status: 'succeeded', leadsCreated: 0, leadsUpdated: 3 });
    const changed = await rows<{
      amo_id: string;
      status_amo_id: string;
      loss_reason_amo_id: string | null;
      budget_minor: string;
    }>(
      sql`select amo_id, status_amo_id, loss_reason_amo_id, budget_minor from sales_leads
          where amo_id in (${won.id}, ${lost.id}, ${repriced.id}) order by amo_id`,
    );
    expect(
      changed.map((row) => [Number(row.status_amo_id), row.loss_reason_amo_id && Number(row.loss_reason_amo_id)]),
    ).toEqual([
      [142, null],
      [143, reason.id],
      [repriced.status_id, null],
    ]);
    expect(Number(changed[2]?.budget_minor)).toBe(77_770_000);
    expect(await storedActivity()).toEqual(expectedActivity());
  });

  it('keeps the earlier data and reports "token invalid" when amoCRM refuses the token', async () => {
    const before = await rows(sql`select * from sales_leads order by amo_id`);
    fake.control.setToken('a-token-issued-later');
    try {
      const run = await sync();
      expect(run.status).toBe('token_invalid');
      expect(run.error).toMatch(/token/i);
      expect(run.error).not.toContain(fake.token);
    } finally {
      fake.control.setToken(fake.token);
    }
    expect(await rows(sql`select * from sales_leads order by amo_id`)).toEqual(before);
    const after = await sync();
    expect(after).toMatchObject({ status: 'succeeded', leadsUpdated: 0 });
  });
});

describe('an account that does not filter leads by time of change', () => {
  it('is read whole by every sync, and the settings say so until it filters again', async () => {
    const leadsFilter = async () => (await call(app, 'GET', '/api/sales/settings', { token })).json().leadsFilter;
    expect(await leadsFilter()).toBe('honoured');
    fake.control.ignoreLeadsUpdatedFilter(true);
    try {
      const run = await sync();
      expect(run).toMatchObject({ status: 'succeeded', leads: fake.control.data.leads.length, leadsUpdated: 0 });
      expect(await leadsFilter()).toBe('ignored');
    } finally {
      fake.control.ignoreLeadsUpdatedFilter(false);
    }
    expect((await sync()).leads).toBeLessThan(fake.control.data.leads.length);
    expect(await leadsFilter()).toBe('honoured');
  });
});

describe('amoCRM refusing the sync', () => {
  it('ends the run with a status of its own for an unpaid account (402), denied access (403) and too many requests (429)', async () => {
    const faults = [
      { fault: { status: 402 }, status: 'account_unpaid' },
      { fault: { status: 403 }, status: 'access_denied' },
      // A Retry-After longer than the client waits ends the attempt at once, as amoCRM's rules ask.
      { fault: { status: 429, retryAfterSeconds: 3_600 }, status: 'rate_limited' },
    ] as const;
    for (const { fault, status } of faults) {
      fake.control.failNext(1, fault);
      const run = await sync();
      expect([run.status, run.error], status).toEqual([status, expect.stringContaining(String(fault.status))]);
    }
    expect(await sync()).toMatchObject({ status: 'succeeded', leadsUpdated: 0 });
  });
});

describe('an item dated in the future', () => {
  it('moves no cursor past now: what comes after it is still read', async () => {
    const [lead] = fake.control.data.leads;
    if (!lead) throw new Error('the stand-in account is empty');
    const now = Math.floor(Date.now() / 1000);
    fake.control.addOutgoingMessage({ leadId: lead.id, createdAt: now + 5 * 365 * 86_400 });
    expect((await sync()).status).toBe('succeeded');
    const [cursors] = await rows<{ events_cursor: string }>(sql`select events_cursor from sales_settings`);
    expect(Number(cursors?.events_cursor)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    const later = fake.control.addOutgoingMessage({ leadId: lead.id });
    expect((await sync()).status).toBe('succeeded');
    expect(await rows(sql`select 1 from sales_chat_messages where event_amo_id = ${later.id}`)).toHaveLength(1);
  });
});

describe('a lead changed while the leads are being read', () => {
  it('is read twice, and the next sync reads again every lead it may have pushed past a page boundary', async () => {
    // 1 500 leads changed since the last sync: six pages to read.
    const touched = fake.control.data.leads.slice(1_000, 2_500).map((lead) => lead.id);
    fake.control.touchLeads(touched);
    const touchedSince = Math.min(...touched.map((id) => leadById(id).updated_at));
    const window = fake.control.data.leads
      .filter((lead) => lead.updated_at >= touchedSince)
      .sort((a, b) => a.updated_at - b.updated_at || a.id - b.id);
    const moving = window[0];
    if (!moving) throw new Error('nothing to move');
    const firstSighting = moving.updated_at;
    fake.control.resetRequests();

    // As soon as the first page of leads has been served, the first lead on it changes in amoCRM.
    const running = sync();
    const moved = await whenServed(
      (request) => request.path === '/api/v4/leads' && request.status === 200,
      () => fake.control.changeLead(moving.id, { price: 123_400 }),
      running,
    );
    const first = await running;

    expect(moved).toBe(true);
    expect(first.status).toBe('succeeded');
    const overlapBefore = first.leads - touched.length - 1;
    expect(overlapBefore).toBeGreaterThanOrEqual(0);
    const [settings] = await rows<{ leads_cursor: string }>(sql`select leads_cursor from sales_settings`);
    expect(Number(settings?.leads_cursor)).toBe(firstSighting);

    const second = await sync();
    expect(second.status).toBe('succeeded');
    const stored = await rows<{ amo_id: string; amo_updated_at: Date | string; budget_minor: string }>(
      sql`select amo_id, amo_updated_at, budget_minor from sales_leads`,
    );
    const updatedAt = new Map(stored.map((row) => [Number(row.amo_id), new Date(row.amo_updated_at).getTime() / 1000]));
    const stale = fake.control.data.leads.filter((lead) => updatedAt.get(lead.id) !== lead.updated_at);
    expect(stale).toEqual([]);
    expect(Number(stored.find((row) => Number(row.amo_id) === moving.id)?.budget_minor)).toBe(12_340_000);
  }, 60_000);
});

describe('call notes on leads and on contacts', () => {
  it('keep one cursor no later than either list reached: a lead note added while contact notes are read is not skipped', async () => {
    const [lead] = fake.control.data.leads;
    const [contact] = fake.control.data.contacts;
    if (!lead || !contact) throw new Error('the stand-in account is too small');
    const now = Math.floor(Date.now() / 1000);
    // A contact call stamped well past the overlap: the newest note of the run.
    fake.control.addCallNote({
      entity: 'contacts',
      entityId: contact.id,
      direction: 'in',
      durationSeconds: 61,
      createdAt: now + 3_600,
    });
    fake.control.resetRequests();

    // Once the lead notes have been read and the contact notes are being read, a call is logged on a lead.
    const running = sync();
    const added = await whenServed(
      (request) => request.path === '/api/v4/contacts/notes',
      () =>
        fake.control.addCallNote({
          entity: 'leads',
          entityId: lead.id,
          direction: 'out',
          durationSeconds: 122,
          createdAt: now,
        }),
      running,
    );
    const first = await running;
    expect(added).toBe(true);
    expect(first.status).toBe('succeeded');
    const [cursor] = await rows<{ notes_cursor: string }>(sql`select notes_cursor from sales_settings`);
    expect(Number(cursor?.notes_cursor)).toBeLessThanOrEqual(now + CURSOR_OVERLAP_SECONDS);

    const second = await sync();

    expect(second.status).toBe('succeeded');
    expect(await storedActivity()).toEqual(expectedActivity());
  });
});

describe('a lead whose budget is too large to store', () => {
  it('is left out and named in the run, which stores the others; corrected, the next sync stores it', async () => {
    const [absurd, fine] = fake.control.data.leads.filter((lead) => lead.closed_at === null).slice(-2);
    if (!absurd || !fine) throw new Error('the stand-in account is too small');
    const before = await rows<{ budget_minor: string }>(
      sql`select budget_minor from sales_leads where amo_id = ${absurd.id}`,
    );
    fake.control.changeLead(absurd.id, { price: 1e20 });
    fake.control.changeLead(fine.id, { price: 4_200 });

    const run = await sync();

    expect(run).toMatchObject({ status: 'succeeded', leadsUpdated: 1 });
    expect(run.error).toContain(`1 lead(s) were left out`);
    expect(run.error).toContain(String(absurd.id));
    const stored = await rows<{ amo_id: string; budget_minor: string }>(
      sql`select amo_id, budget_minor from sales_leads where amo_id in (${absurd.id}, ${fine.id}) order by amo_id`,
    );
    expect(new Map(stored.map((row) => [Number(row.amo_id), Number(row.budget_minor)]))).toEqual(
      new Map([
        [absurd.id, Number(before[0]?.budget_minor)],
        [fine.id, 420_000],
      ]),
    );

    fake.control.changeLead(absurd.id, { price: 1_000 });
    const corrected = await sync();
    expect(corrected).toMatchObject({ status: 'succeeded', leadsUpdated: 1, error: null });
    const [row] = await rows<{ budget_minor: string }>(
      sql`select budget_minor from sales_leads where amo_id = ${absurd.id}`,
    );
    expect(Number(row?.budget_minor)).toBe(100_000);
  });
});

describe('the organisation time zone', () => {
  it('moves the daily activity to the days of the new time zone at once', async () => {
    const response = await call(app, 'PUT', '/api/sales/settings', {
      token,
      body: {
        subdomain: fake.url,
        paymentMethodFieldId: PAYMENT_METHOD_FIELD_ID,
        syncIntervalMinutes: 0,
        timeZone: 'America/New_York',
      },
    });
    expect(response.json()).toMatchObject({ timeZone: 'America/New_York', tokenSet: true });
    const moved = await storedActivity();
    expect(moved).toEqual(expectedActivity('America/New_York'));
    expect(moved).not.toEqual(expectedActivity(TIME_ZONE));
  });
});

describe('one sync at a time', () => {
  it('answers 409 to a second sync started while one runs', async () => {
    const [first, second] = await Promise.all([
      call(app, 'POST', '/api/sales/sync', { token }),
      call(app, 'POST', '/api/sales/sync', { token }),
    ]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    expect(answers).toEqual([202, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().code).toBe('SYNC_ALREADY_RUNNING');
    const started = first.statusCode === 202 ? first : second;
    expect((await waitForRun(started.json().runId)).status).toBe('succeeded');
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'refuses a sync on another instance while this one holds the lock (PostgreSQL advisory lock)',
    async () => {
      const pool = (app.db as unknown as { $client: pg.Pool }).$client;
      const url = pool.options.connectionString ?? '';
      const other = fromPostgresPools(
        postgresPool(url, 2, () => {}),
        postgresPool(url, 1, () => {}),
      );
      try {
        const held = await createSyncLock(app.db, 'postgres').tryAcquire();
        expect(held).not.toBeNull();
        expect(await createSyncLock(other.db, 'postgres').tryAcquire()).toBeNull();
        await held?.release();
        const again = await createSyncLock(other.db, 'postgres').tryAcquire();
        expect(again).not.toBeNull();
        await again?.release();
      } finally {
        await other.close();
      }
    },
  );

  it('lists the runs newest first', async () => {
    const list = (await call(app, 'GET', '/api/sales/sync/runs?pageSize=10', { token })).json();
    expect(list.total).toBeGreaterThanOrEqual(6);
    const started = list.items.map((run: SyncRun) => run.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    expect(list.items[0].status).toBe('succeeded');
  });
});
