import { performance } from 'node:perf_hooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type AmoCrmFakeOptions, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { AmoCrmError, AmoCrmRequestError, AmoCrmTokenInvalidError, createAmoCrmClient } from './client.js';

const TOKEN = 'test-long-lived-token';

async function standIn(options: Partial<AmoCrmFakeOptions> = {}) {
  const fake = await startAmoCrmFake({ token: TOKEN, users: 4, leads: 300, seed: 42, ...options });
  onTestFinished(() => fake.close());
  return fake;
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages) items.push(...page);
  return items;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

describe('amoCRM client reference data', () => {
  it('reads the account, pipelines with their statuses, loss reasons and lead fields', async () => {
    const fake = await standIn({ users: 6 });
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });

    expect((await client.account()).id).toBe(fake.control.data.account.id);
    const pipelines = await client.pipelines();
    expect(pipelines.length).toBeGreaterThan(0);
    for (const pipeline of pipelines) {
      expect(pipeline._embedded.statuses.map((status) => status.id)).toEqual(expect.arrayContaining([142, 143]));
    }
    expect((await client.lossReasons()).length).toBe(fake.control.data.lossReasons.length);
    const paymentMethod = (await client.leadFields()).find((field) => field.name === 'Payment method');
    expect(paymentMethod?.type).toBe('select');
    expect(paymentMethod?.enums?.map((option) => option.value)).toEqual([
      'Cash',
      'Card',
      'Bank transfer',
      'Installments',
    ]);
  });
});

describe('amoCRM client users', () => {
  it('pages through the users 250 at a time, following the next link', async () => {
    const fake = await standIn({ users: 260 });
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    const users = await client.users();
    expect(users.map((user) => user.id)).toEqual(fake.control.data.users.map((user) => user.id));
    expect(users[0]).toEqual({
      id: fake.control.data.users[0]?.id,
      name: fake.control.data.users[0]?.name,
      email: fake.control.data.users[0]?.email,
      rights: { is_active: true },
    });
    const requests = fake.control.requests().filter((request) => request.path === '/api/v4/users');
    expect(requests.map((request) => new URLSearchParams(request.query).get('limit'))).toEqual(['250', '250']);
    expect(requests.map((request) => new URLSearchParams(request.query).get('page'))).toEqual([null, '2']);
  });
});

describe('amoCRM client leads', () => {
  it.each([
    { leads: 1_250, lastStatus: 204 },
    { leads: 1_300, lastStatus: 200 },
  ])('yields each of $leads leads once, the last page answering $lastStatus', async ({ leads, lastStatus }) => {
    const fake = await standIn({ leads });
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });

    const found = await collect(client.leadsUpdatedSince(0));

    expect(found).toHaveLength(leads);
    expect(new Set(found.map((lead) => lead.id)).size).toBe(leads);
    expect(found.some((lead) => lead._embedded?.contacts?.some((contact) => contact.is_main))).toBe(true);
    const requests = fake.control.requests();
    // Five full pages of 250 and then either a partial page or a 204 past the end: never a wasted request.
    expect(requests.map((request) => request.status)).toEqual([200, 200, 200, 200, 200, lastStatus]);
    expect(requests[0]?.query).toContain('limit=250');
  });

  it('returns only the leads changed since a time, with the changes', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    const [won, lost, touched] = fake.control.data.leads.filter((lead) => lead.closed_at === null);
    if (!won || !lost || !touched) throw new Error('the generated account has too few open leads');
    const reason = fake.control.data.lossReasons[0];
    const since = nowSeconds();

    fake.control.changeLead(won.id, { status_id: 142, price: 123_400 });
    fake.control.changeLead(lost.id, { status_id: 143, loss_reason_id: reason?.id ?? null });
    fake.control.touchLeads([touched.id]);
    const changed = await collect(client.leadsUpdatedSince(since));

    expect(changed.map((lead) => lead.id).sort()).toEqual([won.id, lost.id, touched.id].sort());
    const wonNow = changed.find((lead) => lead.id === won.id);
    expect(wonNow).toMatchObject({ status_id: 142, price: 123_400 });
    expect(wonNow?.closed_at).toBeGreaterThanOrEqual(since);
    expect(changed.find((lead) => lead.id === lost.id)?._embedded?.loss_reason?.[0]?.name).toBe(reason?.name);
  });
});

describe('amoCRM client pacing and failures', () => {
  it('keeps to 7 requests per second as the stand-in counts them, also with several readers at once', async () => {
    const fake = await standIn({ leads: 2_000 });
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });

    const started = performance.now();
    const [leads] = await Promise.all([
      collect(client.leadsUpdatedSince(0)),
      collect(client.callNotesSince('contacts', 0)),
    ]);
    const elapsed = performance.now() - started;

    expect(leads).toHaveLength(2_000);
    const requests = fake.control.requests();
    // Eight full pages of leads, their 204 and the notes: more than one second's worth at 7 per second.
    expect(requests.length).toBeGreaterThan(7);
    expect(requests.filter((request) => request.status === 429)).toEqual([]);
    expect(fake.control.peakRequestsPerSecond()).toBeLessThanOrEqual(7);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
  });

  it('retries a 429 no sooner than its Retry-After', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    fake.control.failNext(1, { status: 429, retryAfterSeconds: 1 });

    await client.account();

    const [refused, retried] = fake.control.requests();
    expect([refused?.status, retried?.status]).toEqual([429, 200]);
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it.each([31, 3_600])(
    'gives up at once, with the status, when Retry-After asks for %i s: more than its longest backoff',
    async (seconds) => {
      const fake = await standIn();
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
      };
      const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN, sleep });
      fake.control.failNext(1, { status: 429, retryAfterSeconds: seconds });

      const failure = await client.account().catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(AmoCrmRequestError);
      expect(failure).toMatchObject({ status: 429, retryAfterMs: seconds * 1_000 });
      expect((failure as AmoCrmRequestError).message).toContain(`asks to wait ${seconds} s`);
      expect(fake.control.requests()).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it('waits out a Retry-After of exactly its longest backoff (30 s)', async () => {
    const fake = await standIn();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN, sleep });
    fake.control.failNext(1, { status: 429, retryAfterSeconds: 30 });

    await expect(client.account()).resolves.toMatchObject({ id: fake.control.data.account.id });

    expect(fake.control.requests().map((request) => request.status)).toEqual([429, 200]);
    // The whole account waits (the rate limiter holds every request), for the time asked less what passed.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(29_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
  });

  it('retries 5xx answers with growing waits, then gives up with the status', async () => {
    const fake = await standIn();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN, sleep, maxRetries: 2 });

    fake.control.failNext(2, { status: 503 });
    await expect(client.account()).resolves.toMatchObject({ id: fake.control.data.account.id });
    expect(waits).toEqual([500, 1_000]);

    fake.control.failNext(3, { status: 500 });
    const failure = await client.account().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AmoCrmRequestError);
    expect(failure).toMatchObject({ status: 500, problem: { title: 'ErrInternalServer' } });
    expect(fake.control.requests().map((request) => request.status)).toEqual([503, 503, 200, 500, 500, 500]);
  });

  it('retries when the network fails', async () => {
    const fake = await standIn();
    let failures = 1;
    const flakyFetch: typeof fetch = (input, init) =>
      failures-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN, fetch: flakyFetch, sleep: async () => {} });

    await expect(client.account()).resolves.toMatchObject({ id: fake.control.data.account.id });
  });

  it('stops at once with AmoCrmTokenInvalidError when the token is refused', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: 'not-the-token' });

    const failure = await collect(client.leadsUpdatedSince(0)).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AmoCrmTokenInvalidError);
    expect((failure as AmoCrmTokenInvalidError).message).toBe('amoCRM token invalid or expired');
    expect((failure as AmoCrmTokenInvalidError).problem).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(fake.control.requests()).toHaveLength(1);
  });

  it('does not retry other client errors and carries their problem+json', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    fake.control.failNext(1, { status: 403 });

    const failure = await client.leadFields().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AmoCrmRequestError);
    expect(failure).toBeInstanceOf(AmoCrmError);
    expect(failure).toMatchObject({
      status: 403,
      path: '/api/v4/leads/custom_fields',
      problem: { title: 'Forbidden' },
    });
    expect(fake.control.requests()).toHaveLength(1);
  });
});

describe('amoCRM client activity', () => {
  it('returns call notes on contacts as well as on leads, with durations', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    const callsOn = (entity: 'leads' | 'contacts') =>
      fake.control.data.notes.filter((note) => note.entity_type === entity && note.note_type !== 'common');

    const onContacts = await collect(client.callNotesSince('contacts', 0));
    const onLeads = await collect(client.callNotesSince('leads', 0));

    expect(onContacts.map((note) => note.id)).toEqual(
      expect.arrayContaining(callsOn('contacts').map((note) => note.id)),
    );
    expect(onContacts).toHaveLength(callsOn('contacts').length);
    expect(onLeads).toHaveLength(callsOn('leads').length);
    const contactIds = new Set(fake.control.data.contacts.map((contact) => contact.id));
    expect(onContacts.every((note) => contactIds.has(note.entity_id))).toBe(true);
    expect(onContacts.reduce((seconds, note) => seconds + note.params.duration, 0)).toBeGreaterThan(0);

    const contact = fake.control.data.contacts[0];
    if (!contact) throw new Error('the generated account has no contacts');
    const since = nowSeconds();
    const added = fake.control.addCallNote({
      entity: 'contacts',
      entityId: contact.id,
      direction: 'out',
      durationSeconds: 95,
    });
    const recent = await collect(client.callNotesSince('contacts', since));
    expect(recent).toEqual([
      expect.objectContaining({
        id: added.id,
        note_type: 'call_out',
        params: expect.objectContaining({ duration: 95 }),
      }),
    ]);
  });

  it('reads the contacts of leads by id, 250 per request', async () => {
    const fake = await standIn({ leads: 400 });
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    const ids = fake.control.data.leads.flatMap((lead) => lead.contacts.map((contact) => contact.id));
    const unique = new Set(ids);

    const contacts = await collect(client.contactsByIds(ids));

    expect(new Set(contacts.map((contact) => contact.id))).toEqual(unique);
    expect(fake.control.requests()).toHaveLength(Math.ceil(unique.size / 250));
  });

  it('returns outgoing chat messages since a time, 100 per page', async () => {
    const fake = await standIn();
    const client = createAmoCrmClient({ baseUrl: fake.url, token: TOKEN });
    const outgoing = fake.control.data.events.filter((event) => event.type === 'outgoing_chat_message');

    const messages = await collect(client.outgoingChatMessagesSince(0));

    expect(messages.map((message) => message.id).sort()).toEqual(outgoing.map((event) => event.id).sort());
    expect(fake.control.requests()[0]?.query).toContain('limit=100');
  });
});
