import type { SyncRun } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLead, PAYMENT_METHOD_FIELD_ID } from '../../../../../tools/amocrm-fake/data.js';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { parseBracketedForm } from './form.js';

let app: FastifyInstance;
let fake: AmoCrmFake;
let token: string;
let webhookPath: string;
let accountId: number;

type StoredLead = {
  amo_id: string;
  title: string;
  budget_minor: string;
  payment_method: string | null;
  status_amo_id: string;
  pipeline_amo_id: string;
  loss_reason_amo_id: string | null;
  closed_at: Date | null;
  amo_updated_at: Date;
  main_contact_amo_id: string | null;
  responsible_amo_user_id: string;
  manager_user_id: string | null;
  deleted: boolean;
};

async function lead(id: number): Promise<StoredLead | undefined> {
  const [row] = await queryRows<StoredLead>(app.db, sql`select * from sales_leads where amo_id = ${id}`);
  return row;
}

async function allLeads() {
  return queryRows(app.db, sql`select * from sales_leads order by amo_id`);
}

/** A sync through the API, once it is over: its row final and its lock released. */
async function sync(): Promise<SyncRun> {
  const started = await call(app, 'POST', '/api/sales/sync', { token });
  expect(started.statusCode).toBe(202);
  for (;;) {
    const run: SyncRun = (await call(app, 'GET', `/api/sales/sync/runs/${started.json().runId}`, { token })).json();
    if (run.status !== 'running') {
      await app.salesSync.whenIdle();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type WebhookLead = Partial<FakeLead> & { id: number; old_status_id?: number };

/**
 * A webhook body in the shape amoCRM sends (recorded from real accounts): legacy field names, every value
 * a string, custom fields with their values, the account last.
 */
function webhookBody(events: { event: 'add' | 'update' | 'status' | 'delete'; leads: WebhookLead[] }[]): string {
  const form = new URLSearchParams();
  for (const { event, leads } of events) {
    leads.forEach((lead, index) => {
      const prefix = `leads[${event}][${index}]`;
      const put = (name: string, value: unknown) => {
        if (value !== undefined && value !== null) form.append(`${prefix}[${name}]`, String(value));
      };
      put('id', lead.id);
      if (event === 'delete') {
        put('status_id', lead.status_id);
        put('pipeline_id', lead.pipeline_id);
        return;
      }
      put('name', lead.name);
      put('status_id', lead.status_id);
      put('old_status_id', lead.old_status_id);
      put('price', lead.price);
      put('responsible_user_id', lead.responsible_user_id);
      put('last_modified', lead.updated_at);
      put('modified_user_id', lead.updated_by);
      put('created_user_id', lead.created_by);
      put('date_create', lead.created_at);
      put('pipeline_id', lead.pipeline_id);
      put('account_id', accountId);
      put('loss_reason_id', lead.status_id === 143 ? lead.loss_reason_id : undefined);
      (lead.custom_fields_values ?? []).forEach((field, fieldIndex) => {
        put(`custom_fields][${fieldIndex}][id`, field.field_id);
        put(`custom_fields][${fieldIndex}][name`, field.field_name);
        field.values.forEach((value, valueIndex) => {
          put(`custom_fields][${fieldIndex}][values][${valueIndex}][value`, value.value);
          put(`custom_fields][${fieldIndex}][values][${valueIndex}][enum`, value.enum_id);
        });
      });
      put('created_at', lead.created_at);
      put('updated_at', lead.updated_at);
    });
  }
  form.append('account[subdomain]', 'cmdemo');
  form.append('account[id]', String(accountId));
  form.append('account[_links][self]', 'https://cmdemo.amocrm.ru');
  return form.toString();
}

/** Leads waiting to be read from amoCRM. */
async function queued(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    app.db,
    sql`select count(*)::int as count from sales_lead_refreshes`,
  );
  return row?.count ?? 0;
}

function post(body: string, path = webhookPath, contentType = 'application/x-www-form-urlencoded') {
  return app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload: body });
}

function nowSeconds() {
  return Math.floor(Date.now() / 1000);
}

beforeAll(async () => {
  app = await buildTestApp({ AMOCRM_REQUESTS_PER_SECOND: '1000' });
  fake = await startAmoCrmFake({
    token: 'webhook-test-token',
    users: 3,
    leads: 200,
    seed: 5,
    rateLimitPerSecond: 1_000,
  });
  accountId = fake.control.data.account.id;
  token = (await signIn(app, await createUser(app, { role: 'administrator' }))).accessToken;
  const manager = await createUser(app, { role: 'manager', departments: ['Webhook Sales'] });
  await queryRows(app.db, sql`update users set amo_id = ${fake.control.data.users[0]?.id} where id = ${manager.id}`);
  const saved = await call(app, 'PUT', '/api/sales/settings', {
    token,
    body: {
      subdomain: fake.url,
      token: fake.token,
      paymentMethodFieldId: PAYMENT_METHOD_FIELD_ID,
      syncIntervalMinutes: 0,
      timeZone: 'Europe/Moscow',
    },
  });
  webhookPath = saved.json().webhookPath;
  expect((await sync()).status).toBe('succeeded');
}, 60_000);

afterAll(async () => {
  await app.salesSync.whenIdle();
  await fake.close();
});

describe('amoCRM lead webhooks', () => {
  it('adds a new lead, matched to its manager, with the payment method from the custom field', async () => {
    const responsible = fake.control.data.users[0]?.id ?? 0;
    const at = nowSeconds();
    const response = await post(
      webhookBody([
        {
          event: 'add',
          leads: [
            {
              id: 99_000_001,
              name: 'Resistors for Initech',
              status_id: 61_000_002,
              price: 24_234,
              responsible_user_id: responsible,
              created_by: responsible,
              updated_by: responsible,
              created_at: at,
              updated_at: at,
              pipeline_id: 7_000_001,
              custom_fields_values: [
                {
                  field_id: PAYMENT_METHOD_FIELD_ID,
                  field_name: 'Payment method',
                  field_code: null,
                  field_type: 'select',
                  values: [{ value: 'Card', enum_id: 880_002 }],
                },
              ],
            },
          ],
        },
      ]),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ leads: 1, deleted: 0, queued: 0 });
    const stored = await lead(99_000_001);
    expect(stored).toMatchObject({
      title: 'Resistors for Initech',
      payment_method: 'Card',
      deleted: false,
      closed_at: null,
    });
    expect(Number(stored?.budget_minor)).toBe(2_423_400);
    expect(stored?.manager_user_id).not.toBeNull();
  });

  it('applies an update newer than the stored lead and ignores an older one', async () => {
    const target = fake.control.data.leads[0] as FakeLead;
    const newer = { ...target, price: 55_500, updated_at: target.updated_at + 60 };
    expect((await post(webhookBody([{ event: 'update', leads: [newer] }]))).json()).toEqual({
      leads: 1,
      deleted: 0,
      queued: 0,
    });
    expect(Number((await lead(target.id))?.budget_minor)).toBe(5_550_000);

    const older = { ...target, price: 1, updated_at: target.updated_at + 30 };
    expect((await post(webhookBody([{ event: 'update', leads: [older] }]))).json()).toEqual({
      leads: 0,
      deleted: 0,
      queued: 0,
    });
    expect(Number((await lead(target.id))?.budget_minor)).toBe(5_550_000);
    // The webhook carries no contacts: the main contact stored by the sync stays.
    expect((await lead(target.id))?.main_contact_amo_id).not.toBeNull();
  });

  it('records a status change to won (142) with its closing time', async () => {
    const open = fake.control.data.leads.find((candidate) => candidate.closed_at === null) as FakeLead;
    const at = nowSeconds();
    const won = { ...open, status_id: 142, old_status_id: open.status_id, updated_at: at };
    expect((await post(webhookBody([{ event: 'status', leads: [won] }]))).statusCode).toBe(200);
    const stored = await lead(open.id);
    expect(Number(stored?.status_amo_id)).toBe(142);
    expect(stored?.closed_at && new Date(stored.closed_at).getTime() / 1000).toBe(at);
    expect(stored?.loss_reason_amo_id).toBeNull();
  });

  it('records a status change to lost (143) with its loss reason', async () => {
    const open = fake.control.data.leads.filter((candidate) => candidate.closed_at === null)[1] as FakeLead;
    const reason = fake.control.data.lossReasons[2]?.id ?? 0;
    const lost = {
      ...open,
      status_id: 143,
      old_status_id: open.status_id,
      loss_reason_id: reason,
      updated_at: nowSeconds(),
    };
    expect((await post(webhookBody([{ event: 'status', leads: [lost] }]))).statusCode).toBe(200);
    const stored = await lead(open.id);
    expect([Number(stored?.status_amo_id), Number(stored?.loss_reason_amo_id)]).toEqual([143, reason]);
    expect(stored?.closed_at).not.toBeNull();
  });

  it('marks a deleted lead deleted; a description from before the deletion, by webhook or by sync, does not bring it back', async () => {
    const target = fake.control.data.leads[5] as FakeLead;
    const response = await post(webhookBody([{ event: 'delete', leads: [target] }]));
    expect(response.json()).toEqual({ leads: 0, deleted: 1, queued: 0 });
    expect((await lead(target.id))?.deleted).toBe(true);
    // An older description by webhook (e.g. one delayed in amoCRM's queue) does not bring it back.
    const stale = { ...target, updated_at: target.updated_at };
    expect((await post(webhookBody([{ event: 'update', leads: [stale] }]))).json()).toEqual({
      leads: 0,
      deleted: 0,
      queued: 0,
    });
    expect((await lead(target.id))?.deleted).toBe(true);

    // Nor does a sync that still reads it as it was before the deletion: the stand-in still lists it, and a
    // cursor back at the start makes the sync read every lead again.
    const before = await allLeads();
    await queryRows(app.db, sql`update sales_settings set leads_cursor = 0`);
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', leads: fake.control.data.leads.length, leadsUpdated: 0 });
    expect((await lead(target.id))?.deleted).toBe(true);
    expect(await allLeads()).toEqual(before);
  });

  it('converges with the sync: a change seen first by webhook, then by the sync, is one row and no second change', async () => {
    // A lead no other test touched.
    const target = fake.control.data.leads.filter((candidate) => candidate.closed_at === null).at(-1) as FakeLead;
    const oldStatus = target.status_id;
    const changed = { ...fake.control.changeLead(target.id, { status_id: 142, price: 314_200 }) };
    expect(
      (await post(webhookBody([{ event: 'status', leads: [{ ...changed, old_status_id: oldStatus }] }]))).json(),
    ).toEqual({
      leads: 1,
      deleted: 0,
      queued: 0,
    });
    const afterWebhook = await lead(target.id);

    const run = await sync();

    expect(run).toMatchObject({ status: 'succeeded', leadsUpdated: 0 });
    expect(await lead(target.id)).toEqual(afterWebhook);
    // The other way round: the sync has it, the same description by webhook changes nothing.
    expect((await post(webhookBody([{ event: 'update', leads: [changed] }]))).json()).toEqual({
      leads: 0,
      deleted: 0,
      queued: 0,
    });
  });
});

describe('refused webhooks', () => {
  it('answers 404 to a wrong secret and writes nothing', async () => {
    const before = await allLeads();
    const target = fake.control.data.leads[7] as FakeLead;
    const body = webhookBody([{ event: 'update', leads: [{ ...target, price: 9, updated_at: nowSeconds() }] }]);
    for (const path of ['/api/webhooks/amocrm/not-the-secret', `${webhookPath}x`, '/api/webhooks/amocrm/']) {
      const response = await post(body, path);
      expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(await allLeads()).toEqual(before);
  });

  it('answers 400 to a truncated or malformed body and writes none of it', async () => {
    const before = await allLeads();
    const [first, second] = fake.control.data.leads.slice(10, 12) as [FakeLead, FakeLead];
    const at = nowSeconds();
    const body = webhookBody([
      {
        event: 'update',
        leads: [
          { ...first, price: 1_111, updated_at: at },
          { ...second, price: 2_222, updated_at: at },
        ],
      },
    ]);
    const cut = body.slice(0, body.lastIndexOf('%5Bpipeline_id%5D') - 4);
    const bodies = [
      cut,
      `${body}&leads[update][0]=both-a-value-and-a-group`,
      body.replace(`leads%5Bupdate%5D%5B0%5D%5Bprice%5D=1111`, 'leads%5Bupdate%5D%5B0%5D%5Bprice%5D=a-lot'),
      '',
      '%%%%',
      'anything=else',
      `${body.replace('leads%5Bupdate%5D%5B0%5D%5Bname%5D=', 'leads%5Bupdate%5D%5B0%5D%5Bname%5D=%00')}`,
    ];
    for (const malformed of bodies) {
      const response = await post(malformed);
      expect([response.statusCode, response.json().code], malformed.slice(-60)).toEqual([400, 'WEBHOOK_MALFORMED']);
    }
    expect(await allLeads()).toEqual(before);
    // The same body whole is accepted.
    expect((await post(body)).json()).toEqual({ leads: 2, deleted: 0, queued: 0 });
  });

  it('answers 400 to times and amounts out of range, and writes none of it', async () => {
    const before = await allLeads();
    const target = fake.control.data.leads[30] as FakeLead;
    const valid = webhookBody([{ event: 'update', leads: [{ ...target, price: 5, updated_at: nowSeconds() }] }]);
    /** The valid body with one field of the lead set (added when absent). */
    const withField = (name: string, value: string) => {
      const form = new URLSearchParams(valid);
      form.set(`leads[update][0][${name}]`, value);
      return form.toString();
    };
    const absurdTime = '99999999999999';
    const bodies = [
      withField('last_modified', absurdTime),
      withField('updated_at', absurdTime),
      withField('date_create', absurdTime),
      withField('closed_at', absurdTime),
      withField('price', '99999999999999999999'),
      withField('price', '1.005'),
      withField('loss_reason_id', '99999999999999999999'),
    ];
    for (const refused of bodies) {
      const response = await post(refused);
      const field = decodeURIComponent(refused)
        .match(/\[(\w+)\]=(99999999999999\d*|1\.005)/)
        ?.slice(1);
      expect(field, 'the field is in the body').toBeDefined();
      expect([response.statusCode, response.json().code], String(field)).toEqual([400, 'WEBHOOK_MALFORMED']);
    }
    expect(await allLeads()).toEqual(before);
    // The same lead with its times and amount in range is accepted.
    expect((await post(valid)).json()).toEqual({ leads: 1, deleted: 0, queued: 0 });
  });

  it('refuses an amount whose minor units do not fit exactly, in a currency with 3 decimals', async () => {
    const settings = (await call(app, 'GET', '/api/sales/settings', { token })).json();
    const save = (currency: string) =>
      call(app, 'PUT', '/api/sales/settings', {
        token,
        body: {
          subdomain: settings.subdomain,
          paymentMethodFieldId: settings.paymentMethodFieldId,
          syncIntervalMinutes: 0,
          timeZone: settings.timeZone,
          currency,
        },
      });
    expect((await save('KWD')).statusCode).toBe(200);
    try {
      const before = await allLeads();
      const target = fake.control.data.leads[31] as FakeLead;
      const body = webhookBody([{ event: 'update', leads: [{ ...target, price: 5, updated_at: nowSeconds() }] }]);
      const response = await post(
        body.replace('leads%5Bupdate%5D%5B0%5D%5Bprice%5D=5', 'leads%5Bupdate%5D%5B0%5D%5Bprice%5D=9999999999999'),
      );
      expect([response.statusCode, response.json().code]).toEqual([400, 'WEBHOOK_MALFORMED']);
      expect(response.json().errors[0].path).toBe('body.leads.update.0.price');
      expect(await allLeads()).toEqual(before);
    } finally {
      expect((await save(settings.currency)).statusCode).toBe(200);
    }
  });

  it('refuses JSON with 415 and a body above the limit with 413', async () => {
    const json = await post(JSON.stringify({ leads: { add: [{ id: 1 }] } }), webhookPath, 'application/json');
    expect([json.statusCode, json.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const huge = await post(`a=${'x'.repeat(300 * 1024)}`);
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // Form bodies are read by the webhook only; the rest of the API stays JSON.
    const login = await post('email=a%40example.com&password=x', '/api/auth/login');
    expect([login.statusCode, login.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('refuses lead events of another amoCRM account with 422 and writes or queues nothing', async () => {
    const target = fake.control.data.leads[20] as FakeLead;
    const foreign = (body: string) => body.replaceAll(String(accountId), '12345');
    for (const body of [
      webhookBody([{ event: 'update', leads: [{ ...target, price: 3, updated_at: nowSeconds() }] }]),
      fake.control.minimalWebhook('status', [{ id: target.id, status_id: 142, old_status_id: target.status_id }]),
    ]) {
      const response = await post(foreign(body));
      expect([response.statusCode, response.json().code]).toEqual([422, 'WEBHOOK_OTHER_ACCOUNT']);
    }
    expect(Number((await lead(target.id))?.budget_minor)).toBe(target.price * 100);
    expect(await queued()).toBe(0);
  });
});

describe('minimal webhooks: ids and statuses only', () => {
  // Open leads from the end of the list, which the tests above leave alone (the last one aside), taken before
  // any test here closes one: each test has its own.
  let open: FakeLead[] = [];
  beforeAll(() => {
    open = fake.control.data.leads.filter((candidate) => candidate.closed_at === null);
  });

  it("queues a lead named by amoCRM's documented status event, without its pipeline, and then reads it from amoCRM", async () => {
    const target = open.at(-2) as FakeLead;
    const oldStatus = target.status_id;
    const changed = { ...fake.control.changeLead(target.id, { status_id: 142, price: 77_700 }) };
    const response = await post(
      fake.control.minimalWebhook('status', [{ id: target.id, status_id: 142, old_status_id: oldStatus }]),
    );
    expect([response.statusCode, response.json()]).toEqual([200, { leads: 0, deleted: 0, queued: 1 }]);

    await app.salesSync.whenIdle();
    const stored = await lead(target.id);
    expect(Number(stored?.status_amo_id)).toBe(142);
    expect(Number(stored?.budget_minor)).toBe(7_770_000);
    expect(stored?.closed_at).not.toBeNull();
    expect(new Date(stored?.amo_updated_at ?? 0).getTime() / 1000).toBe(changed.updated_at);
    expect(await queued()).toBe(0);
  });

  it('queues a lead once however often it is named, and keeps it while amoCRM cannot be read', async () => {
    const [first, second] = [open.at(-3), open.at(-4)] as [FakeLead, FakeLead];
    fake.control.changeLead(first.id, { price: 11_100 });
    fake.control.changeLead(second.id, { price: 22_200 });
    // amoCRM fails the refresh's read and its two retries: nothing is read, nothing is lost.
    fake.control.failNext(3, { status: 503 });
    const both = fake.control.minimalWebhook('update', [{ id: first.id }, { id: second.id }, { id: first.id }]);
    expect((await post(both)).json()).toEqual({ leads: 0, deleted: 0, queued: 2 });
    await app.salesSync.whenIdle();
    expect((await post(fake.control.minimalWebhook('responsible', [{ id: first.id }]))).json()).toMatchObject({
      queued: 1,
    });
    await app.salesSync.whenIdle();
    expect(await queued()).toBe(0);
    expect(Number((await lead(first.id))?.budget_minor)).toBe(1_110_000);
    expect(Number((await lead(second.id))?.budget_minor)).toBe(2_220_000);
  });

  it('keeps the leads queued after amoCRM refuses (402) and stops asking for a while, not every minute', async () => {
    const target = open.at(-5) as FakeLead;
    fake.control.changeLead(target.id, { price: 33_300 });
    fake.control.failNext(1, { status: 402 });
    expect((await post(fake.control.minimalWebhook('update', [{ id: target.id }]))).json()).toMatchObject({
      queued: 1,
    });
    await app.salesSync.whenIdle();
    expect(await queued()).toBe(1);

    // The next refresh (a webhook, the scheduler's minute) leaves amoCRM alone; the lead stays queued.
    const asked = fake.control.requests().length;
    await app.salesSync.refreshQueuedLeads();
    expect(fake.control.requests()).toHaveLength(asked);
    expect(await queued()).toBe(1);
    expect(Number((await lead(target.id))?.budget_minor)).not.toBe(3_330_000);
  });
});

describe('bracketed form parsing', () => {
  it('nests bracketed keys, keeps values as strings and gives keys no prototype', () => {
    const tree = parseBracketedForm(
      'leads%5Bstatus%5D%5B0%5D%5Bid%5D=31926520&account[subdomain]=test&a[__proto__]=x&list[]=1&list[]=2',
    );
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      leads: { status: { '0': { id: '31926520' } } },
      account: { subdomain: 'test' },
      a: { ['__proto__']: 'x' },
      list: { '0': '1', '1': '2' },
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
