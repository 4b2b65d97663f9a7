import type { AmoCrmUser, AmoCrmUserList, ManagerFromAmoCrmResponse, SyncRun } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../../../../tools/amocrm-fake/data.js';
import { type AmoCrmFake, startAmoCrmFake } from '../../../../../tools/amocrm-fake/server.js';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { upsertUser } from '../users/service.js';

const AMO_TOKEN = 'amocrm-users-long-lived-token';

let app: FastifyInstance;
let fake: AmoCrmFake;
let administrator: TestUser;
let admin: string;
let manager: string;
let worker: string;
/** The stand-in's users: `amoUsers[0]` to `[5]` are generated with leads, the two added after have none. */
let amoUsers: FakeUser[];
let withoutEmail: FakeUser;
let withNothing: FakeUser;

function amoUser(index: number): FakeUser {
  const user = amoUsers[index];
  if (!user) throw new Error(`the stand-in has no user ${index}`);
  return user;
}

/** Leads of the stand-in with this responsible user: what the sync stores. */
function leadsOf(user: FakeUser): number {
  return fake.control.data.leads.filter((lead) => !lead.is_deleted && lead.responsible_user_id === user.id).length;
}

async function list(): Promise<AmoCrmUserList> {
  const response = await call(app, 'GET', '/api/sales/amocrm-users', { token: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function itemOf(listed: AmoCrmUserList, user: FakeUser): AmoCrmUser {
  const item = listed.items.find((candidate) => candidate.amoUserId === user.id);
  if (!item) throw new Error(`amoCRM user ${user.id} is not listed`);
  return item;
}

function link(user: FakeUser, userId: string, token = admin) {
  return call(app, 'POST', `/api/sales/amocrm-users/${user.id}/link`, { token, body: { userId } });
}

function createManager(amoUserId: number, body: { departmentId?: string } = {}) {
  return call(app, 'POST', `/api/sales/amocrm-users/${amoUserId}/manager`, { token: admin, body });
}

async function leadOwners(user: FakeUser) {
  return queryRows<{ manager_user_id: string | null; department_id: string | null }>(
    app.db,
    sql`select distinct manager_user_id, department_id from sales_leads where responsible_amo_user_id = ${user.id}`,
  );
}

async function departmentId(name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(app.db, sql`select id from departments where name = ${name}`);
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}

async function auditOf(subjectUserId: string) {
  return queryRows<{ action: string; actor_user_id: string | null; details: Record<string, unknown> }>(
    app.db,
    sql`select action, actor_user_id, details from audit_log where subject_user_id = ${subjectUserId} order by id`,
  );
}

async function aManager(options: { email?: string; amoId?: number | null; name: string }): Promise<string> {
  const { id } = await upsertUser(app.db, {
    email: options.email ?? `${options.name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    password: 'a-long-enough-password',
    role: 'manager',
    name: options.name,
    departments: ['North Sales'],
    amoId: options.amoId ?? null,
  });
  return id;
}

beforeAll(async () => {
  app = await buildTestApp({ AMOCRM_REQUESTS_PER_SECOND: '1000' });
  fake = await startAmoCrmFake({ token: AMO_TOKEN, users: 6, leads: 240, seed: 29, rateLimitPerSecond: 1_000 });
  withoutEmail = fake.control.addUser({ name: 'Без Почты' });
  withNothing = fake.control.addUser({});
  amoUsers = fake.control.data.users;
  // The administrator works in North Sales (first by name, so the current department at sign-in) and South Sales.
  administrator = await createUser(app, { role: 'administrator', departments: ['North Sales', 'South Sales'] });
  admin = (await signIn(app, administrator)).accessToken;
  manager = (await signIn(app, await createUser(app, { role: 'manager' }))).accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker' }))).accessToken;
}, 60_000);

afterAll(async () => {
  await app.salesSync.whenIdle();
  await fake.close();
});

describe('access', () => {
  it.each([
    ['GET', '/api/sales/amocrm-users', undefined],
    ['POST', '/api/sales/amocrm-users/8123401/link', { userId: '00000000-0000-4000-8000-000000000000' }],
    ['POST', '/api/sales/amocrm-users/8123401/manager', {}],
  ] as const)('%s %s is for administrators only', async (method, url, body) => {
    for (const token of [manager, worker]) {
      const response = await call(app, method, url, { token, ...(body !== undefined && { body }) });
      expect([response.statusCode, response.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await call(app, method, url, body === undefined ? {} : { body })).statusCode).toBe(401);
  });
});

describe('before amoCRM is connected', () => {
  it('lists nothing and creates nothing, saying the account and token are missing', async () => {
    const listed = await call(app, 'GET', '/api/sales/amocrm-users', { token: admin });
    expect([listed.statusCode, listed.json().code]).toEqual([409, 'AMOCRM_NOT_CONFIGURED']);
    const created = await createManager(amoUser(0).id);
    expect([created.statusCode, created.json().code]).toEqual([409, 'AMOCRM_NOT_CONFIGURED']);
  });
});

describe("the account's users beside the managers here", () => {
  let byAmoId: string;
  let byEmail: string;
  let byEmailWithAnotherAmoId: string;

  beforeAll(async () => {
    const saved = await call(app, 'PUT', '/api/sales/settings', {
      token: admin,
      body: { subdomain: fake.url, token: AMO_TOKEN, syncIntervalMinutes: 0, timeZone: 'Europe/Moscow' },
    });
    expect(saved.statusCode).toBe(200);
    byAmoId = await aManager({ name: 'Anna Amo', amoId: amoUser(0).id });
    // The e-mail in another letter case still matches.
    byEmail = await aManager({ name: 'Boris Mail', email: amoUser(1).email?.toUpperCase() ?? '' });
    byEmailWithAnotherAmoId = await aManager({ name: 'Clara Mail', email: amoUser(2).email ?? '', amoId: 999_001 });
    const started = await call(app, 'POST', '/api/sales/sync', { token: admin });
    expect(started.statusCode).toBe(202);
    await app.salesSync.whenIdle();
    const run: SyncRun = (
      await call(app, 'GET', `/api/sales/sync/runs/${started.json().runId}`, { token: admin })
    ).json();
    expect(run.status).toBe('succeeded');
  }, 60_000);

  it('matches by AMO ID, else by e-mail, else not at all, with the stored leads of each', async () => {
    const listed = await list();
    expect(listed.accountId).toBe(fake.control.data.account.id);
    expect(listed.items.map((item) => item.amoUserId)).toEqual(amoUsers.map((user) => user.id));

    expect(itemOf(listed, amoUser(0))).toEqual({
      amoUserId: amoUser(0).id,
      name: amoUser(0).name,
      email: amoUser(0).email,
      active: true,
      match: 'amo_id',
      user: {
        id: byAmoId,
        name: 'Anna Amo',
        email: 'anna.amo@example.com',
        role: 'manager',
        amoId: amoUser(0).id,
        active: true,
      },
      leads: leadsOf(amoUser(0)),
    });
    expect(itemOf(listed, amoUser(1))).toMatchObject({ match: 'email', user: { id: byEmail, amoId: null } });
    expect(itemOf(listed, amoUser(2))).toMatchObject({
      match: 'email',
      user: { id: byEmailWithAnotherAmoId, amoId: 999_001 },
    });
    for (const index of [3, 4, 5]) {
      const item = itemOf(listed, amoUser(index));
      expect(item).toMatchObject({ match: 'none', user: null, leads: leadsOf(amoUser(index)) });
      // Unmatched users with leads are what the screen highlights.
      expect(item.leads).toBeGreaterThan(0);
    }
    expect(itemOf(listed, withoutEmail)).toEqual({
      amoUserId: withoutEmail.id,
      name: 'Без Почты',
      email: null,
      active: true,
      match: 'none',
      user: null,
      leads: 0,
    });
    expect(itemOf(listed, withNothing)).toMatchObject({ name: null, email: null, match: 'none', leads: 0 });

    const names = listed.managers.map((candidate) => candidate.name);
    expect(names).toEqual(expect.arrayContaining(['Anna Amo', 'Boris Mail', 'Clara Mail']));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(listed.managers.every((candidate) => candidate.role === 'manager')).toBe(true);
  });

  it('links an unmatched user to a manager: its leads count for them at once, and the audit log says who did it', async () => {
    const target = amoUser(3);
    expect(await leadOwners(target)).toEqual([{ manager_user_id: null, department_id: null }]);
    const dmitry = await aManager({ name: 'Dmitry Link' });

    const linked = await link(target, dmitry);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user).toMatchObject({ id: dmitry, amoId: target.id, role: 'manager' });
    expect(await leadOwners(target)).toEqual([
      { manager_user_id: dmitry, department_id: await departmentId('North Sales') },
    ]);
    expect(itemOf(await list(), target)).toMatchObject({ match: 'amo_id', user: { id: dmitry } });
    expect(await auditOf(dmitry)).toContainEqual({
      action: 'user.updated',
      actor_user_id: administrator.id,
      details: { amoId: target.id, previousAmoId: null, via: 'amocrm-users' },
    });
    // Linking again changes nothing.
    expect((await link(target, dmitry)).statusCode).toBe(200);

    // A manager matched by e-mail with another AMO ID is relinked: the AMO ID they had is released.
    expect((await link(amoUser(2), byEmailWithAnotherAmoId)).json().user.amoId).toBe(amoUser(2).id);
    expect(itemOf(await list(), amoUser(2))).toMatchObject({ match: 'amo_id' });
  });

  it('refuses to link an AMO ID another user has, a user who is not a manager, a manager of another department, or a user who does not exist', async () => {
    const taken = await link(amoUser(0), byEmail);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'AMO_ID_TAKEN']);
    expect(itemOf(await list(), amoUser(0))).toMatchObject({ match: 'amo_id', user: { id: byAmoId } });

    for (const role of ['administrator', 'worker'] as const) {
      const someone = await createUser(app, { role });
      const refused = await link(amoUser(4), someone.id);
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'USER_NOT_A_MANAGER']);
    }
    // A manager of a department the administrator does not work in is neither offered nor linked.
    const elsewhere = (await createUser(app, { role: 'manager', departments: ['East Sales'] })).id;
    expect((await list()).managers.map((candidate) => candidate.id)).not.toContain(elsewhere);
    const outside = await link(amoUser(4), elsewhere);
    expect([outside.statusCode, outside.json().code]).toEqual([403, 'NOT_A_DEPARTMENT_MEMBER']);
    const unknown = await link(amoUser(4), '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    const badId = await call(app, 'POST', '/api/sales/amocrm-users/not-a-number/link', {
      token: admin,
      body: { userId: byEmail },
    });
    expect([badId.statusCode, badId.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(itemOf(await list(), amoUser(4))).toMatchObject({ match: 'none' });
  });

  it('creates a manager from an amoCRM user, whose temporary password signs in and whose leads follow', async () => {
    const source = amoUser(4);
    const south = await departmentId('South Sales');
    const response = await createManager(source.id, { departmentId: south });
    expect(response.statusCode).toBe(201);
    const created: ManagerFromAmoCrmResponse = response.json();
    expect(created.user).toMatchObject({
      name: source.name,
      email: source.email,
      role: 'manager',
      amoId: source.id,
      active: true,
    });
    expect(created.department).toEqual({ id: south, name: 'South Sales' });
    expect(created.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const signedIn = await signIn(app, {
      id: created.user.id,
      email: source.email ?? '',
      password: created.temporaryPassword,
    });
    expect(signedIn.user).toMatchObject({ role: 'manager', amoId: source.id, currentDepartment: { id: south } });
    expect(await leadOwners(source)).toEqual([{ manager_user_id: created.user.id, department_id: south }]);
    expect(itemOf(await list(), source)).toMatchObject({ match: 'amo_id', user: { id: created.user.id } });
    const [audit] = await auditOf(created.user.id);
    expect(audit).toEqual({
      action: 'user.created',
      actor_user_id: administrator.id,
      details: { role: 'manager', departments: ['South Sales'], via: 'amocrm-users' },
    });
    expect(JSON.stringify(await auditOf(created.user.id))).not.toContain(created.temporaryPassword);
  });

  it("puts a new manager in the administrator's current department when none is chosen", async () => {
    const response = await createManager(amoUser(5).id);
    expect(response.statusCode).toBe(201);
    expect(response.json().department).toEqual({ id: await departmentId('North Sales'), name: 'North Sales' });
  });

  it('refuses to create a manager without an e-mail, twice, for a taken e-mail, an unknown user or a foreign department', async () => {
    const cases: [amoUserId: number, body: { departmentId?: string }, status: number, code: string][] = [
      [withoutEmail.id, {}, 422, 'AMOCRM_USER_WITHOUT_EMAIL'],
      [withNothing.id, {}, 422, 'AMOCRM_USER_WITHOUT_EMAIL'],
      [amoUser(4).id, {}, 409, 'AMO_ID_TAKEN'],
      [amoUser(1).id, {}, 409, 'EMAIL_TAKEN'],
      [1, {}, 404, 'AMOCRM_USER_NOT_FOUND'],
    ];
    await createUser(app, { role: 'worker', departments: ['Central Warehouse'] });
    cases.push([
      withoutEmail.id,
      { departmentId: await departmentId('Central Warehouse') },
      403,
      'NOT_A_DEPARTMENT_MEMBER',
    ]);
    for (const [amoUserId, body, status, code] of cases) {
      const response = await createManager(amoUserId, body);
      expect([response.statusCode, response.json().code], `amoCRM user ${amoUserId}`).toEqual([status, code]);
    }
    // The e-mail matched user keeps their e-mail match: nothing was created beside them.
    expect(itemOf(await list(), amoUser(1))).toMatchObject({ match: 'email', user: { id: byEmail } });
  });

  it("says which of amoCRM's refusals stopped the read, never as the administrator's own 401 or 403", async () => {
    for (const [fault, code] of [
      [{ status: 403 }, 'AMOCRM_ACCESS_DENIED'],
      [{ status: 402 }, 'AMOCRM_ACCOUNT_UNPAID'],
      // Longer than the client waits: refused at once rather than retried.
      [{ status: 429, retryAfterSeconds: 120 }, 'AMOCRM_RATE_LIMITED'],
    ] as const) {
      fake.control.failNext(1, fault);
      const response = await call(app, 'GET', '/api/sales/amocrm-users', { token: admin });
      expect([response.statusCode, response.json().code]).toEqual([502, code]);
    }
    fake.control.setToken('rotated-in-amocrm');
    try {
      const refused = await call(app, 'GET', '/api/sales/amocrm-users', { token: admin });
      expect([refused.statusCode, refused.json().code]).toEqual([502, 'AMOCRM_TOKEN_INVALID']);
      const notCreated = await createManager(amoUser(5).id);
      expect([notCreated.statusCode, notCreated.json().code]).toEqual([502, 'AMOCRM_TOKEN_INVALID']);
    } finally {
      fake.control.setToken(AMO_TOKEN);
    }
  });
});
