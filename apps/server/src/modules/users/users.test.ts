import { randomUUID } from 'node:crypto';
import type { ManagedUser, UserList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories.js';
import { department } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/index.js';
import { upsertLeads } from '../sales-sync/leads.js';

const app = await buildTestApp();
const north = await department(app, 'Users North');
const south = await department(app, 'Users South');
const departmentIds = Object.fromEntries(
  (
    await queryRows<{ id: string; name: string }>(
      app.db,
      sql`select id, name from departments where name in ('Users North', 'Users South')`,
    )
  ).map((row) => [row.name, row.id]),
) as Record<'Users North' | 'Users South', string>;
const NORTH = departmentIds['Users North'];
const SOUTH = departmentIds['Users South'];

function newUser(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Person ${tag}`,
    email: `person-${tag}@example.com`,
    role: 'worker',
    departmentIds: [NORTH],
    password: 'a long enough password',
    ...overrides,
  };
}

async function create(body: Record<string, unknown>, token = north.admin): Promise<ManagedUser> {
  const response = await call(app, 'POST', '/api/users', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(query: string, token = north.admin): Promise<UserList> {
  const response = await call(app, 'GET', `/api/users${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function changeOf(user: ManagedUser) {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    departmentIds: user.departments.map((item) => item.id),
    amoId: user.amoId,
    managementType: user.managementType,
  };
}

async function auditRows(subjectUserId: string) {
  return queryRows<{ action: string; actor_user_id: string | null; details: Record<string, unknown> | string }>(
    app.db,
    sql`select action, actor_user_id, details from audit_log
        where subject_user_id = ${subjectUserId} and action like 'user.%' order by id`,
  ).then((rows) =>
    rows.map((row) => ({
      ...row,
      details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
    })),
  );
}

describe('who may use the users administration', () => {
  const target = randomUUID();
  const endpoints: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown }[] = [
    { method: 'GET', url: '/api/users' },
    { method: 'GET', url: '/api/users/export?format=csv' },
    { method: 'GET', url: '/api/users/departments' },
    { method: 'GET', url: `/api/users/${target}` },
    { method: 'POST', url: '/api/users', body: newUser() },
    { method: 'PUT', url: `/api/users/${target}`, body: newUser() },
    { method: 'POST', url: `/api/users/${target}/deactivate` },
    { method: 'POST', url: `/api/users/${target}/reactivate` },
  ];

  it.each(endpoints)('$method $url: 401 signed out, 403 for a worker and a manager', async (endpoint) => {
    const options = endpoint.body === undefined ? {} : { body: endpoint.body };
    const signedOut = await call(app, endpoint.method, endpoint.url, options);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toContain('application/problem+json');
    for (const token of [north.worker, north.manager]) {
      const refused = await call(app, endpoint.method, endpoint.url, { ...options, token });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
  });

  it('lets an administrator use every endpoint', async () => {
    const user = await create(newUser());
    const answers = await Promise.all([
      call(app, 'GET', '/api/users', { token: north.admin }),
      call(app, 'GET', '/api/users/export?format=xlsx', { token: north.admin }),
      call(app, 'GET', '/api/users/departments', { token: north.admin }),
      call(app, 'GET', `/api/users/${user.id}`, { token: north.admin }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const changed = await call(app, 'PUT', `/api/users/${user.id}`, {
      token: north.admin,
      body: { ...changeOf(user), name: 'Renamed' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(app, 'POST', `/api/users/${user.id}/deactivate`, { token: north.admin })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/users/${user.id}/reactivate`, { token: north.admin })).statusCode).toBe(200);
  });
});

describe('listing users', () => {
  it('searches by name, e-mail and AMO ID, filters by role, department and status, sorts and pages', async () => {
    const tag = randomUUID().slice(0, 6);
    const anna = await create(
      newUser({ name: `Anna ${tag}`, email: `anna.${tag}@example.com`, role: 'manager', amoId: 7_100_001 }),
    );
    const boris = await create(
      newUser({ name: `Boris ${tag}`, email: `boris.${tag}@example.com`, departmentIds: [SOUTH] }),
    );
    const clara = await create(newUser({ name: `Clara ${tag}`, email: `clara.${tag}@example.com`, role: 'manager' }));
    await call(app, 'POST', `/api/users/${clara.id}/deactivate`, { token: north.admin });

    expect((await list(`?q=${tag}`)).items.map((user) => user.name)).toEqual([
      `Anna ${tag}`,
      `Boris ${tag}`,
      `Clara ${tag}`,
    ]);
    expect((await list(`?q=BORIS.${tag.toUpperCase()}@`)).items.map((user) => user.id)).toEqual([boris.id]);
    expect((await list('?q=7100001')).items.map((user) => user.id)).toEqual([anna.id]);
    expect((await list(`?q=${tag}&role=manager`)).items.map((user) => user.id)).toEqual([anna.id, clara.id]);
    expect((await list(`?q=${tag}&departmentId=${SOUTH}`)).items.map((user) => user.id)).toEqual([boris.id]);
    expect((await list(`?q=${tag}&status=disabled`)).items.map((user) => user.id)).toEqual([clara.id]);
    expect((await list(`?q=${tag}&status=active&sort=name&order=desc`)).items.map((user) => user.id)).toEqual([
      boris.id,
      anna.id,
    ]);
    // A search for "%" takes it literally rather than as "anything".
    expect((await list('?q=%25')).total).toBe(0);

    const page2 = await list(`?q=${tag}&pageSize=10&page=1&sort=email`);
    expect(page2.total).toBe(3);
    expect(page2.items[0]).toMatchObject({
      name: `Anna ${tag}`,
      email: `anna.${tag}@example.com`,
      role: 'manager',
      amoId: 7_100_001,
      status: 'active',
      departments: [{ id: NORTH, name: 'Users North' }],
    });
    while ((await list('?pageSize=10')).total <= 10) await create(newUser());
    const everyone = await list('?pageSize=10&page=1');
    const second = await list('?pageSize=10&page=2');
    expect(everyone.total).toBeGreaterThan(10);
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((user) => user.id)).not.toContain(everyone.items[0]?.id);
  });

  it('exports the filtered list as CSV in either language', async () => {
    const tag = randomUUID().slice(0, 6);
    await create(newUser({ name: `Export ${tag}`, role: 'manager', amoId: 7_200_001, managementType: 'hybrid' }));
    const english = await call(app, 'GET', `/api/users/export?q=${tag}&format=csv&lang=en`, { token: north.admin });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/csv');
    expect(english.headers['content-disposition']).toMatch(/users-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = english.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Name,E-mail,Role,Departments,AMO ID,Management type,Status,Two-factor sign-in,Created');
    expect(lines[1]).toContain(`Export ${tag},`);
    expect(lines[1]).toContain(',Manager,Users North,7200001,Hybrid,Active,no,');
    const russian = await call(app, 'GET', `/api/users/export?q=${tag}&format=csv&lang=ru`, { token: north.admin });
    expect(russian.body).toContain('Имя;E-mail;Роль;Отделы');
    expect(russian.body).toContain(';Менеджер;Users North;7200001;Гибрид;Активен;нет;');
  });

  it('lists every department for the form', async () => {
    const response = await call(app, 'GET', '/api/users/departments', { token: north.admin });
    expect(response.json().items).toEqual(
      expect.arrayContaining([
        { id: NORTH, name: 'Users North' },
        { id: SOUTH, name: 'Users South' },
      ]),
    );
  });
});

describe('creating and changing users', () => {
  it('creates a user who can then sign in with the typed password, and audits it without the password', async () => {
    const body = newUser({
      role: 'manager',
      amoId: 7_300_001,
      managementType: 'online',
      departmentIds: [NORTH, SOUTH],
    });
    const user = await create(body);
    expect(user).toMatchObject({
      name: body.name,
      email: body.email,
      role: 'manager',
      amoId: 7_300_001,
      managementType: 'online',
      status: 'active',
    });
    expect(user.departments.map((item) => item.name)).toEqual(['Users North', 'Users South']);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);

    const [entry, ...more] = await auditRows(user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'user.created',
      actor_user_id: north.adminId,
      details: {
        before: null,
        after: {
          name: body.name,
          email: body.email,
          role: 'manager',
          departments: ['Users North', 'Users South'],
          amoId: 7_300_001,
          managementType: 'online',
          status: 'active',
        },
      },
    });
    expect(JSON.stringify(entry)).not.toContain(body.password);
  });

  it('refuses a taken e-mail (any letter case) or AMO ID with 409 and a stable code, also between edits', async () => {
    const first = await create(newUser({ amoId: 7_400_001, role: 'manager' }));
    const sameEmail = await call(app, 'POST', '/api/users', {
      token: north.admin,
      body: newUser({ email: first.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ path: 'body.email', code: 'taken' }] });
    const sameAmoId = await call(app, 'POST', '/api/users', {
      token: north.admin,
      body: newUser({ amoId: 7_400_001 }),
    });
    expect(sameAmoId.statusCode).toBe(409);
    expect(sameAmoId.json()).toMatchObject({ code: 'AMO_ID_TAKEN', errors: [{ path: 'body.amoId' }] });

    const second = await create(newUser());
    for (const [change, code] of [
      [{ email: ` ${first.email.toUpperCase()} ` }, 'EMAIL_TAKEN'],
      [{ amoId: 7_400_001 }, 'AMO_ID_TAKEN'],
    ] as const) {
      const refused = await call(app, 'PUT', `/api/users/${second.id}`, {
        token: north.admin,
        body: { ...changeOf(second), ...change },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(code);
    }
    // Keeping one's own e-mail and AMO ID is no conflict.
    const kept = await call(app, 'PUT', `/api/users/${first.id}`, { token: north.admin, body: changeOf(first) });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('answers concurrent creations of one e-mail with one user and one 409', async () => {
    const body = newUser();
    const answers = await Promise.all([
      call(app, 'POST', '/api/users', { token: north.admin, body }),
      call(app, 'POST', '/api/users', { token: south.admin, body: { ...body, email: body.email.toUpperCase() } }),
      call(app, 'POST', '/api/users', { token: north.admin, body }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().code).toBe('EMAIL_TAKEN');
    }
    expect((await list(`?q=${encodeURIComponent(body.email)}`)).total).toBe(1);
  });

  it('changes every field, audits before and after of what changed, and moves the leads with the AMO ID', async () => {
    const user = await create(newUser({ role: 'worker' }));
    await upsertLeads(
      app.db,
      [
        {
          accountId: FILE_ACCOUNT_ID,
          amoId: 990_001,
          title: 'Lead of 7500001',
          mainContactAmoId: null,
          paymentMethod: null,
          budgetMinor: 100_00,
          createdAt: 1_700_000_000,
          closedAt: null,
          pipelineAmoId: 1,
          statusAmoId: 10,
          lossReasonAmoId: null,
          responsibleAmoUserId: 7_500_001,
          updatedAt: 1_700_000_000,
        },
      ],
      'file',
    );
    const leadOwner = async () =>
      (
        await queryRows<{ manager_user_id: string | null; department_id: string | null }>(
          app.db,
          sql`select manager_user_id, department_id from sales_leads where account_id = ${FILE_ACCOUNT_ID} and amo_id = 990001`,
        )
      )[0];
    expect(await leadOwner()).toEqual({ manager_user_id: null, department_id: null });

    const change = {
      name: '  New Name  ',
      email: `changed-${randomUUID().slice(0, 8)}@example.com`,
      role: 'manager',
      departmentIds: [SOUTH],
      amoId: 7_500_001,
      managementType: 'offline',
    };
    const response = await call(app, 'PUT', `/api/users/${user.id}`, { token: north.admin, body: change });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Name',
      email: change.email,
      role: 'manager',
      amoId: 7_500_001,
      managementType: 'offline',
      departments: [{ id: SOUTH, name: 'Users South' }],
    });
    expect(await leadOwner()).toEqual({ manager_user_id: user.id, department_id: SOUTH });

    const entries = await auditRows(user.id);
    expect(entries.map((entry) => entry.action)).toEqual(['user.created', 'user.updated']);
    expect(entries[1]?.details).toMatchObject({
      before: {
        name: user.name,
        email: user.email,
        role: 'worker',
        departments: ['Users North'],
        amoId: null,
        managementType: null,
      },
      after: {
        name: 'New Name',
        email: change.email,
        role: 'manager',
        departments: ['Users South'],
        amoId: 7_500_001,
        managementType: 'offline',
      },
    });
    expect(entries[1]?.details).not.toHaveProperty('before.status');

    // Saving the same values again changes nothing and audits nothing.
    await call(app, 'PUT', `/api/users/${user.id}`, { token: north.admin, body: change });
    expect(await auditRows(user.id)).toHaveLength(2);

    // Without the AMO ID the lead is nobody's again.
    await call(app, 'PUT', `/api/users/${user.id}`, { token: north.admin, body: { ...change, amoId: null } });
    expect(await leadOwner()).toEqual({ manager_user_id: null, department_id: null });
  });

  it('applies a role change to the user at once', async () => {
    const colleague = await createUser(app, { role: 'administrator', departments: ['Users North'] });
    const session = await signIn(app, colleague);
    expect((await call(app, 'GET', '/api/users', { token: session.accessToken })).statusCode).toBe(200);
    const view = (await call(app, 'GET', `/api/users/${colleague.id}`, { token: north.admin })).json();
    const demoted = await call(app, 'PUT', `/api/users/${colleague.id}`, {
      token: north.admin,
      body: { ...changeOf(view), role: 'worker' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await call(app, 'GET', '/api/users', { token: session.accessToken })).statusCode).toBe(403);
  });
});

describe('bad requests', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an array', []],
    ['a short password', newUser({ password: 'short' })],
    ['an invalid e-mail', newUser({ email: 'not-an-email' })],
    ['an unknown role', newUser({ role: 'owner' })],
    ['no departments', newUser({ departmentIds: [] })],
    ['a department that is not an id', newUser({ departmentIds: ['North'] })],
    ['a negative AMO ID', newUser({ amoId: -5 })],
    ['an AMO ID as text', newUser({ amoId: '12' })],
    ['an unknown management type', newUser({ managementType: 'remote' })],
    ['a blank name', newUser({ name: '   ' })],
    ['an over-long name', newUser({ name: 'x'.repeat(201) })],
  ])('creating with %s is 400 problem+json', async (_what, body) => {
    const response = await call(app, 'POST', '/api/users', {
      token: north.admin,
      ...(body !== undefined && { body: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(['VALIDATION_FAILED', 'MALFORMED_JSON']).toContain(response.json().code);
  });

  it('names an unknown department on its field', async () => {
    const response = await call(app, 'POST', '/api/users', {
      token: north.admin,
      body: newUser({ departmentIds: [NORTH, randomUUID()] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'body.departmentIds.1', code: 'not_found' }],
    });
  });

  it('refuses malformed JSON, a password on an edit, bad ids and bad list queries with 4xx', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${north.admin}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');

    const user = await create(newUser());
    // The edit has no password field: one sent along is ignored, the password stays.
    const withPassword = await call(app, 'PUT', `/api/users/${user.id}`, {
      token: north.admin,
      body: { ...changeOf(user), password: 'another long password' },
    });
    expect(withPassword.statusCode).toBe(200);
    const login = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'a long enough password' },
    });
    expect(login.statusCode).toBe(200);

    for (const [method, url] of [
      ['GET', '/api/users/not-a-uuid'],
      ['PUT', '/api/users/not-a-uuid'],
      ['POST', '/api/users/not-a-uuid/deactivate'],
      ['GET', '/api/users?pageSize=7'],
      ['GET', '/api/users?page=0'],
      ['GET', '/api/users?role=owner'],
      ['GET', '/api/users?status=gone'],
      ['GET', '/api/users?sort=password'],
      ['GET', '/api/users?departmentId=North'],
      ['GET', '/api/users/export?format=pdf'],
    ] as const) {
      const response = await call(app, method, url, {
        token: north.admin,
        ...(method === 'PUT' && { body: changeOf(user) }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    for (const [method, url] of [
      ['GET', `/api/users/${randomUUID()}`],
      ['PUT', `/api/users/${randomUUID()}`],
      ['POST', `/api/users/${randomUUID()}/deactivate`],
      ['POST', `/api/users/${randomUUID()}/reactivate`],
    ] as const) {
      const response = await call(app, method, url, {
        token: north.admin,
        ...(method === 'PUT' && { body: changeOf(user) }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('deactivation', () => {
  it('ends every session at once: old access and refresh tokens fail, sign-in fails; reactivation lets them in again', async () => {
    const person = await createUser(app, { role: 'worker', departments: ['Users North'] });
    const [first, second] = [await signIn(app, person), await signIn(app, person)];
    expect((await call(app, 'GET', '/api/auth/me', { token: first.accessToken })).statusCode).toBe(200);

    const response = await call(app, 'POST', `/api/users/${person.id}/deactivate`, { token: north.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('disabled');

    for (const session of [first, second]) {
      const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('ACCESS_TOKEN_INVALID');
      const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('REFRESH_TOKEN_INVALID');
    }
    const login = await call(app, 'POST', '/api/auth/login', {
      body: { email: person.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // Deactivating again changes nothing.
    expect((await call(app, 'POST', `/api/users/${person.id}/deactivate`, { token: north.admin })).statusCode).toBe(
      200,
    );

    const back = await call(app, 'POST', `/api/users/${person.id}/reactivate`, { token: north.admin });
    expect(back.json().status).toBe('active');
    // The old sessions stay ended; a new sign-in works.
    expect((await call(app, 'GET', '/api/auth/me', { token: first.accessToken })).statusCode).toBe(401);
    const again = await signIn(app, person);
    expect((await call(app, 'GET', '/api/auth/me', { token: again.accessToken })).statusCode).toBe(200);

    const entries = await auditRows(person.id);
    expect(
      entries
        .filter((entry) => entry.action !== 'user.created')
        .map((entry) => [entry.action, entry.actor_user_id, entry.details.before, entry.details.after]),
    ).toEqual([
      ['user.deactivated', north.adminId, { status: 'active' }, { status: 'disabled' }],
      ['user.reactivated', north.adminId, { status: 'disabled' }, { status: 'active' }],
    ]);
  });

  it('refuses to let an administrator deactivate or demote themselves', async () => {
    const self = (await call(app, 'GET', `/api/users/${south.adminId}`, { token: south.admin })).json();
    const deactivate = await call(app, 'POST', `/api/users/${south.adminId}/deactivate`, { token: south.admin });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().code).toBe('CANNOT_DEACTIVATE_SELF');
    for (const role of ['manager', 'worker']) {
      const demote = await call(app, 'PUT', `/api/users/${south.adminId}`, {
        token: south.admin,
        body: { ...changeOf(self), role },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().code).toBe('CANNOT_DEMOTE_SELF');
    }
    // Other changes of one's own account are fine.
    const renamed = await call(app, 'PUT', `/api/users/${south.adminId}`, {
      token: south.admin,
      body: { ...changeOf(self), name: 'South Admin' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: south.admin })).statusCode).toBe(200);
    expect((await auditRows(south.adminId)).filter((entry) => entry.action === 'user.deactivated')).toEqual([]);
  });
});
