import { randomUUID } from 'node:crypto';
import type { AdministeredDepartment, AdministeredDepartmentList, LoginResponse, Role } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, signIn } from '../../../test/factories.js';
import { holdTransaction, lockWaiters } from '../../../test/held-transaction.js';
import {
  createComponent,
  createLocation,
  department,
  issue,
  post,
  posted,
  receipt,
} from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';

const app = await buildTestApp();
const home = await department(app, `Departments Home ${randomUUID().slice(0, 6)}`);
const HOME_ID = await departmentIdNamed(home.name);

async function departmentIdNamed(name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(app.db, sql`select id from departments where name = ${name}`);
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}

function uniqueName(prefix = 'Department') {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

async function create(name = uniqueName()): Promise<AdministeredDepartment> {
  const response = await call(app, 'POST', '/api/departments', { token: home.admin, body: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(query = ''): Promise<AdministeredDepartment[]> {
  const response = await call(app, 'GET', `/api/departments${query}`, { token: home.admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AdministeredDepartmentList).items;
}

const archive = (id: string) => call(app, 'POST', `/api/departments/${id}/archive`, { token: home.admin });
const restore = (id: string) => call(app, 'POST', `/api/departments/${id}/restore`, { token: home.admin });

/** A user of these departments (by name), signed in and switched to `current`. */
async function memberIn(names: string[], currentId: string, role: Role = 'administrator') {
  const user = await createUser(app, { role, departments: names });
  const signedIn: LoginResponse = await signIn(app, user);
  if (signedIn.user.currentDepartment?.id === currentId) return { ...user, tokens: signedIn };
  const switched = await call(app, 'POST', '/api/auth/department/switch', {
    token: signedIn.accessToken,
    body: { newDepartment: currentId },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return { ...user, tokens: switched.json() as LoginResponse };
}

/** A department with a location and a component received into it by one of its administrators. */
async function departmentWithStock(quantity = '5') {
  const stocked = await create();
  const keeper = await memberIn([home.name, stocked.name], stocked.id);
  const shelf = await createLocation(app, keeper.tokens.accessToken, `Shelf ${randomUUID().slice(0, 6)}`);
  const part = await createComponent(app, keeper.tokens.accessToken);
  await posted(app, keeper.tokens.accessToken, receipt(part.id, shelf.id, quantity));
  return { department: stocked, keeper, shelf, part };
}

async function auditOf(departmentId: string) {
  const rows = await queryRows<{ action: string; actor_user_id: string | null; details: unknown }>(
    app.db,
    sql`select action, actor_user_id, details from audit_log
        where department_id = ${departmentId} and action like 'department.%' and action <> 'department.switch'
        order by id`,
  );
  return rows.map((row) => ({
    ...row,
    details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
  }));
}

describe('who may administer departments', () => {
  const target = randomUUID();
  const endpoints: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown }[] = [
    { method: 'GET', url: '/api/departments' },
    { method: 'POST', url: '/api/departments', body: { name: uniqueName() } },
    { method: 'PUT', url: `/api/departments/${target}`, body: { name: uniqueName() } },
    { method: 'POST', url: `/api/departments/${target}/archive` },
    { method: 'POST', url: `/api/departments/${target}/restore` },
  ];

  it.each(endpoints)('$method $url: 401 signed out, 403 for a worker and a manager', async (endpoint) => {
    const options = endpoint.body === undefined ? {} : { body: endpoint.body };
    const signedOut = await call(app, endpoint.method, endpoint.url, options);
    expect(signedOut.statusCode).toBe(401);
    for (const token of [home.worker, home.manager]) {
      const refused = await call(app, endpoint.method, endpoint.url, { ...options, token });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers an unknown department with 404 and malformed requests with 400, writing nothing', async () => {
    for (const response of [
      await call(app, 'PUT', `/api/departments/${target}`, { token: home.admin, body: { name: uniqueName() } }),
      await archive(target),
      await restore(target),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const before = (await list()).length;
    const bad: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown }[] = [
      { method: 'POST', url: '/api/departments', body: {} },
      { method: 'POST', url: '/api/departments', body: { name: '' } },
      { method: 'POST', url: '/api/departments', body: { name: '   ' } },
      { method: 'POST', url: '/api/departments', body: { name: 'x'.repeat(101) } },
      { method: 'POST', url: '/api/departments', body: { name: 42 } },
      { method: 'POST', url: '/api/departments', body: { name: uniqueName(), archived: true } },
      { method: 'POST', url: '/api/departments', body: [] },
      { method: 'PUT', url: '/api/departments/not-a-uuid', body: { name: uniqueName() } },
      { method: 'PUT', url: `/api/departments/${HOME_ID}`, body: { name: '' } },
      { method: 'POST', url: '/api/departments/not-a-uuid/archive' },
      { method: 'GET', url: '/api/departments?status=deleted' },
    ];
    for (const request of bad) {
      const response = await call(app, request.method, request.url, {
        token: home.admin,
        ...(request.body !== undefined && { body: request.body }),
      });
      expect(response.statusCode, `${request.method} ${request.url} ${response.body}`).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: { authorization: `Bearer ${home.admin}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
    expect((await list()).length).toBe(before);
    expect((await list()).find((item) => item.id === HOME_ID)?.name).toBe(home.name);
  });
});

describe('creating and renaming departments', () => {
  it('creates a department with its name trimmed, audited with its name', async () => {
    const name = uniqueName('Assembly');
    const response = await call(app, 'POST', '/api/departments', { token: home.admin, body: { name: `  ${name} ` } });
    expect(response.statusCode, response.body).toBe(201);
    const created: AdministeredDepartment = response.json();
    expect(created).toMatchObject({ name, members: 0, soleMembers: 0, holdsStock: false, status: 'active' });
    expect(created.archivedAt).toBeNull();
    expect(await auditOf(created.id)).toEqual([
      { action: 'department.created', actor_user_id: home.adminId, details: { name } },
    ]);
  });

  it('refuses a name another department has in any letter case, archived ones included', async () => {
    const first = await create(uniqueName('Dispatch'));
    for (const name of [first.name, first.name.toUpperCase(), first.name.toLowerCase()]) {
      const refused = await call(app, 'POST', '/api/departments', { token: home.admin, body: { name } });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DEPARTMENT_NAME_TAKEN', errors: [{ path: 'body.name' }] });
    }
    expect((await archive(first.id)).statusCode).toBe(200);
    const againArchived = await call(app, 'POST', '/api/departments', {
      token: home.admin,
      body: { name: first.name.toUpperCase() },
    });
    expect(againArchived.json().code).toBe('DEPARTMENT_NAME_TAKEN');
    const other = await create();
    const renamed = await call(app, 'PUT', `/api/departments/${other.id}`, {
      token: home.admin,
      body: { name: first.name.toLowerCase() },
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().code).toBe('DEPARTMENT_NAME_TAKEN');
    expect((await list()).filter((item) => item.name.toLowerCase() === first.name.toLowerCase())).toHaveLength(1);
  });

  it('creates one of two departments named alike at the same moment, and refuses the other', async () => {
    const name = uniqueName('Race');
    const answers = await Promise.all([
      call(app, 'POST', '/api/departments', { token: home.admin, body: { name } }),
      call(app, 'POST', '/api/departments', { token: home.admin, body: { name: name.toUpperCase() } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('renames a department, audited before and after; its own name in another letter case is no conflict', async () => {
    const created = await create(uniqueName('Packing'));
    const newName = uniqueName('Shipping');
    const renamed = await call(app, 'PUT', `/api/departments/${created.id}`, {
      token: home.admin,
      body: { name: newName },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: newName });
    const recased = await call(app, 'PUT', `/api/departments/${created.id}`, {
      token: home.admin,
      body: { name: newName.toUpperCase() },
    });
    expect(recased.statusCode, recased.body).toBe(200);
    // The same name again changes nothing and is not audited.
    await call(app, 'PUT', `/api/departments/${created.id}`, {
      token: home.admin,
      body: { name: newName.toUpperCase() },
    });
    expect((await auditOf(created.id)).slice(1)).toEqual([
      {
        action: 'department.renamed',
        actor_user_id: home.adminId,
        details: { before: { name: created.name }, after: { name: newName } },
      },
      {
        action: 'department.renamed',
        actor_user_id: home.adminId,
        details: { before: { name: newName }, after: { name: newName.toUpperCase() } },
      },
    ]);
  });
});

describe('listing departments', () => {
  it('lists members, sole members and stock, filtered by status', async () => {
    const { department: stocked } = await departmentWithStock();
    const quiet = await create();
    await createUser(app, { departments: [quiet.name] });
    await createUser(app, { departments: [quiet.name, home.name] });
    const archived = await create();
    expect((await archive(archived.id)).statusCode).toBe(200);

    const all = await list();
    expect(all.find((item) => item.id === stocked.id)).toMatchObject({
      members: 1,
      soleMembers: 0,
      holdsStock: true,
      status: 'active',
    });
    expect(all.find((item) => item.id === quiet.id)).toMatchObject({ members: 2, soleMembers: 1, holdsStock: false });
    expect(all.find((item) => item.id === archived.id)).toMatchObject({ status: 'archived' });
    expect(all.find((item) => item.id === archived.id)?.archivedAt).toBeTruthy();
    const names = all.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const active = await list('?status=active');
    expect(active.some((item) => item.id === archived.id)).toBe(false);
    expect(active.some((item) => item.id === quiet.id)).toBe(true);
    const onlyArchived = await list('?status=archived');
    expect(onlyArchived.some((item) => item.id === archived.id)).toBe(true);
    expect(onlyArchived.every((item) => item.status === 'archived')).toBe(true);
  });
});

describe('archiving and restoring', () => {
  it('refuses a department that holds stock, and archives it once the stock is gone', async () => {
    const { department: stocked, keeper, shelf, part } = await departmentWithStock('5');
    const refused = await archive(stocked.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('DEPARTMENT_HOLDS_STOCK');
    expect((await list()).find((item) => item.id === stocked.id)?.status).toBe('active');
    // A balance of zero is no stock.
    await posted(app, keeper.tokens.accessToken, issue(part.id, shelf.id, '5'));
    const archived = await archive(stocked.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'archived', holdsStock: false });
  });

  it('refuses a department whose members have no other department, with their count', async () => {
    const lonely = await create();
    await createUser(app, { departments: [lonely.name] });
    await createUser(app, { role: 'manager', departments: [lonely.name] });
    // Deactivated members count too: reactivated, they would have no department.
    const gone = await createUser(app, { departments: [lonely.name] });
    await call(app, 'POST', `/api/users/${gone.id}/deactivate`, { token: home.admin });
    await createUser(app, { departments: [lonely.name, home.name] });
    const refused = await archive(lonely.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEPARTMENT_HAS_MEMBERS', members: 3 });
    // A member whose other department is archived has no other department either.
    const other = await create();
    const both = await createUser(app, { departments: [other.name] });
    expect((await call(app, 'GET', `/api/users/${both.id}`, { token: home.admin })).statusCode).toBe(200);
    const second = await create();
    await call(app, 'PUT', `/api/users/${both.id}`, {
      token: home.admin,
      body: { name: 'Both', email: both.email, role: 'worker', departmentIds: [other.id, second.id] },
    });
    expect((await archive(other.id)).statusCode).toBe(200);
    const refusedSecond = await archive(second.id);
    expect(refusedSecond.json()).toMatchObject({ code: 'DEPARTMENT_HAS_MEMBERS', members: 1 });
    expect(await auditOf(lonely.id)).toHaveLength(1);
  });

  it('takes an archived department out of every picker, the switcher and sessions, and keeps its history', async () => {
    const { department: leaving, keeper, shelf, part } = await departmentWithStock('2');
    await posted(app, keeper.tokens.accessToken, issue(part.id, shelf.id, '2'));
    const oldToken = keeper.tokens.accessToken;
    const archived = await archive(leaving.id);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await auditOf(leaving.id)).toContainEqual({
      action: 'department.archived',
      actor_user_id: home.adminId,
      details: { name: leaving.name },
    });

    // The users administration's picker and the user's departments there leave it out.
    const picker = await call(app, 'GET', '/api/users/departments', { token: home.admin });
    expect(picker.json().items.some((item: { id: string }) => item.id === leaving.id)).toBe(false);
    const managed = await call(app, 'GET', `/api/users/${keeper.id}`, { token: home.admin });
    expect(managed.json().departments.map((item: { id: string }) => item.id)).toEqual([HOME_ID]);

    // Every session working in it stops there at once: its next request is refused, whatever it asks.
    for (const url of ['/api/auth/me', '/api/movements', '/api/locations']) {
      const refused = await call(app, 'GET', url, { token: oldToken });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json().code).toBe('ACCESS_TOKEN_INVALID');
    }
    const late = await post(app, oldToken, receipt(part.id, shelf.id, '1'));
    expect(late.statusCode, late.body).toBe(401);

    // Its refresh moves it to the user's other department; the switcher leaves the archived one out and refuses it.
    const refreshed = await call(app, 'POST', '/api/auth/refresh', {
      body: { refreshToken: keeper.tokens.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const moved: string = refreshed.json().accessToken;
    const me = await call(app, 'GET', '/api/auth/me', { token: moved });
    expect(me.json().currentDepartment?.id).toBe(HOME_ID);
    expect(me.json().departments.map((item: { id: string }) => item.id)).toEqual([HOME_ID]);
    const switchBack = await call(app, 'POST', '/api/auth/department/switch', {
      token: moved,
      body: { newDepartment: leaving.id },
    });
    expect(switchBack.statusCode).toBe(403);
    expect(switchBack.json().code).toBe('NOT_A_DEPARTMENT_MEMBER');

    // Its history stays, and nothing more was posted there.
    expect(await queryRows(app.db, sql`select 1 from movements where department_id = ${leaving.id}`)).toHaveLength(2);
  });

  it("moves a session working in an archived department to another of the user's at its next refresh and sign-in", async () => {
    const leaving = await create();
    const member = await memberIn([home.name, leaving.name], leaving.id, 'worker');
    expect((await archive(leaving.id)).statusCode).toBe(200);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', {
      body: { refreshToken: member.tokens.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const me = await call(app, 'GET', '/api/auth/me', { token: refreshed.json().accessToken });
    expect(me.json().currentDepartment).toEqual({ id: HOME_ID, name: home.name });
    // Sign-in resumes in the last department worked in only while it is not archived.
    const signedIn = await signIn(app, member);
    expect(signedIn.user.currentDepartment?.id).toBe(HOME_ID);
  });

  it("refuses an archived department for a user's departments, and keeps their membership of it for a restore", async () => {
    const leaving = await create();
    const member = await createUser(app, { role: 'worker', departments: [home.name, leaving.name] });
    expect((await archive(leaving.id)).statusCode).toBe(200);
    const refused = await call(app, 'POST', '/api/users', {
      token: home.admin,
      body: {
        name: 'Newcomer',
        email: `newcomer-${randomUUID().slice(0, 8)}@example.com`,
        role: 'worker',
        departmentIds: [HOME_ID, leaving.id],
        password: 'a long enough password',
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'body.departmentIds.1', code: 'archived' }],
    });
    // The operator's command line refuses it by name as well.
    await expect(createUser(app, { departments: [leaving.name] })).rejects.toMatchObject({
      code: 'DEPARTMENT_ARCHIVED',
    });

    // An edit of the member's departments keeps the archived membership, unseen.
    const edited = await call(app, 'PUT', `/api/users/${member.id}`, {
      token: home.admin,
      body: { name: 'Kept', email: member.email, role: 'worker', departmentIds: [HOME_ID] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const restored = await restore(leaving.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'active', archivedAt: null, members: 1 });
    const managed = await call(app, 'GET', `/api/users/${member.id}`, { token: home.admin });
    expect(
      managed
        .json()
        .departments.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual([HOME_ID, leaving.id].sort());
    expect((await auditOf(leaving.id)).map((entry) => entry.action)).toEqual([
      'department.created',
      'department.archived',
      'department.restored',
    ]);
    // Archiving or restoring twice changes nothing more.
    expect((await restore(leaving.id)).statusCode).toBe(200);
    expect((await auditOf(leaving.id)).length).toBe(3);
  });

  it('lets an archived department be renamed', async () => {
    const leaving = await create();
    expect((await archive(leaving.id)).statusCode).toBe(200);
    expect((await archive(leaving.id)).statusCode).toBe(200);
    const renamed = await call(app, 'PUT', `/api/departments/${leaving.id}`, {
      token: home.admin,
      body: { name: uniqueName('Old') },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().status).toBe('archived');
    expect((await auditOf(leaving.id)).map((entry) => entry.action)).toEqual([
      'department.created',
      'department.archived',
      'department.renamed',
    ]);
  });
});

describe.runIf(testEngine().kind === 'postgres')('archiving racing postings and membership changes', () => {
  it('waits for a posting in flight and then counts its stock', async () => {
    const { department: racing, keeper, shelf, part } = await departmentWithStock('4');
    await posted(app, keeper.tokens.accessToken, issue(part.id, shelf.id, '4'));
    // The posting in flight: it has checked the department and waits on the balance it adds to.
    const blocker = await holdTransaction(
      app.db,
      sql`select quantity from stock_balances where location_id = ${shelf.id} for update`,
    );
    const posting = post(app, keeper.tokens.accessToken, receipt(part.id, shelf.id, '3'));
    await lockWaiters(app.db, 1, posting);
    const archiving = archive(racing.id);
    await lockWaiters(app.db, 2, archiving);
    await blocker.rollback();
    expect((await posting).statusCode).toBe(201);
    const refused = await archiving;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('DEPARTMENT_HOLDS_STOCK');
  });

  it('makes a posting that starts during an archive wait for it and then refuses it', async () => {
    const { department: racing, keeper, shelf, part } = await departmentWithStock('1');
    await posted(app, keeper.tokens.accessToken, issue(part.id, shelf.id, '1'));
    const archiving = await holdTransaction(
      app.db,
      sql`select id from departments where id = ${racing.id} for update`,
      sql`update departments set archived_at = now() where id = ${racing.id}`,
    );
    const posting = post(app, keeper.tokens.accessToken, receipt(part.id, shelf.id, '3'));
    await lockWaiters(app.db, 1, posting);
    await archiving.commit();
    const refused = await posting;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('DEPARTMENT_ARCHIVED');
    const [balance] = await queryRows<{ quantity: string }>(
      app.db,
      sql`select quantity::text from stock_balances where location_id = ${shelf.id}`,
    );
    expect(Number(balance?.quantity)).toBe(0);
  });

  it("makes a change of a user's departments that starts during an archive wait for it and then refuses it", async () => {
    const racing = await create();
    const spare = await create();
    const member = await createUser(app, { departments: [racing.name, spare.name] });
    const archiving = await holdTransaction(
      app.db,
      sql`select id from departments where id = ${racing.id} for update`,
      sql`update departments set archived_at = now() where id = ${racing.id}`,
    );
    // Leaving only the department being archived.
    const editing = call(app, 'PUT', `/api/users/${member.id}`, {
      token: home.admin,
      body: { name: 'Racer', email: member.email, role: 'worker', departmentIds: [racing.id] },
    });
    await lockWaiters(app.db, 1, editing);
    await archiving.commit();
    const refused = await editing;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'body.departmentIds.0', code: 'archived' }] });
    const kept = await queryRows(
      app.db,
      sql`select 1 from user_departments where user_id = ${member.id} and department_id = ${spare.id}`,
    );
    expect(kept).toHaveLength(1);
  });

  it("waits for a change of a user's departments in flight and then counts its member", async () => {
    const racing = await create();
    const spare = await create();
    const member = await createUser(app, { departments: [racing.name, spare.name] });
    // The change in flight: it has checked the department it keeps and dropped the other.
    const editing = await holdTransaction(
      app.db,
      sql`select id from departments where id = ${racing.id} for key share`,
      sql`delete from user_departments where user_id = ${member.id} and department_id = ${spare.id}`,
    );
    const archiving = archive(racing.id);
    await lockWaiters(app.db, 1, archiving);
    await editing.commit();
    const refused = await archiving;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEPARTMENT_HAS_MEMBERS', members: 1 });
  });

  it('decides two archives of departments sharing a member one after the other', async () => {
    const first = await create();
    const second = await create();
    await createUser(app, { departments: [first.name, second.name] });
    const firstArchive = await holdTransaction(
      app.db,
      sql`select pg_advisory_xact_lock(hashtext('departments:archive'))`,
      sql`select id from departments where id = ${first.id} for update`,
      sql`update departments set archived_at = now() where id = ${first.id}`,
    );
    const secondArchive = archive(second.id);
    await lockWaiters(app.db, 1, secondArchive);
    await firstArchive.commit();
    const refused = await secondArchive;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEPARTMENT_HAS_MEMBERS', members: 1 });
  });
});
