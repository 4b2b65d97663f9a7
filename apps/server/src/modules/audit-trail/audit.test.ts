import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditList, ManagedUser } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { department } from '../../../test/stock-fixtures.js';
import { queryRows } from '../../db/client.js';
import { databaseError } from '../../lib/database-errors.js';
import { readTableFile } from '../../lib/untrusted-files/table.js';
import { recordAudit } from '../audit/repository.js';
import { allAuditEntries } from './trail.js';

const app = await buildTestApp();
const north = await department(app, 'Audit North');
await department(app, 'Audit South');
const departmentIds = Object.fromEntries(
  (
    await queryRows<{ id: string; name: string }>(
      app.db,
      sql`select id, name from departments where name in ('Audit North', 'Audit South')`,
    )
  ).map((row) => [row.name, row.id]),
) as Record<'Audit North' | 'Audit South', string>;
const NORTH = departmentIds['Audit North'];
const SOUTH = departmentIds['Audit South'];
const ADMIN_ADDRESS = '10.20.30.40';

async function trail(query: string, token = north.admin): Promise<AuditList> {
  const response = await call(app, 'GET', `/api/audit${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createThroughApi(overrides: Record<string, unknown> = {}): Promise<ManagedUser> {
  const tag = randomUUID().slice(0, 8);
  const response = await call(app, 'POST', '/api/users', {
    token: north.admin,
    remoteAddress: ADMIN_ADDRESS,
    body: {
      name: `Audited ${tag}`,
      email: `audited-${tag}@example.com`,
      role: 'worker',
      departmentIds: [NORTH],
      password: 'a long enough password',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function change(user: ManagedUser, fields: Record<string, unknown>): Promise<ManagedUser> {
  const response = await call(app, 'PUT', `/api/users/${user.id}`, {
    token: north.admin,
    remoteAddress: ADMIN_ADDRESS,
    body: {
      name: user.name,
      email: user.email,
      role: user.role,
      departmentIds: user.departments.map((item) => item.id),
      amoId: user.amoId,
      managementType: user.managementType,
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const changesOf = (entry: AuditEntry | undefined) =>
  Object.fromEntries((entry?.changes ?? []).map((item) => [item.field, [item.before, item.after]]));

describe('who may read the audit trail', () => {
  it.each(['/api/audit', '/api/audit/export?format=csv', '/api/audit/people'])(
    '%s: 401 signed out, 403 for a worker and a manager, 200 for an administrator',
    async (url) => {
      const signedOut = await call(app, 'GET', url);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.headers['content-type']).toContain('application/problem+json');
      for (const token of [north.worker, north.manager]) {
        const refused = await call(app, 'GET', url, { token });
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('FORBIDDEN');
      }
      expect((await call(app, 'GET', url, { token: north.admin })).statusCode).toBe(200);
    },
  );

  it('offers no way to change or delete an entry', async () => {
    const [entry] = (await trail('?pageSize=10')).items;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(app, method, `/api/audit/${entry?.id}`, { token: north.admin, body: {} });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(404);
      expect(response.statusCode, method).toBeLessThan(500);
    }
  });
});

describe('changes through the users administration', () => {
  it('leave entries with each value before and after, by whom and from where', async () => {
    const user = await createThroughApi({ role: 'manager', amoId: 8_100_001, managementType: 'online' });
    const promoted = await change(user, { role: 'administrator' });
    const moved = await change(promoted, { departmentIds: [NORTH, SOUTH] });
    const relinked = await change(moved, { amoId: 8_100_002, managementType: 'hybrid' });
    await change(relinked, { amoId: null, managementType: null, name: `${user.name} Renamed` });
    await call(app, 'POST', `/api/users/${user.id}/deactivate`, { token: north.admin, remoteAddress: ADMIN_ADDRESS });
    await call(app, 'POST', `/api/users/${user.id}/reactivate`, { token: north.admin, remoteAddress: ADMIN_ADDRESS });

    const { items, total } = await trail(`?targetId=${user.id}`);
    expect(total).toBe(7);
    expect(items.map((entry) => entry.action)).toEqual([
      'user.reactivated',
      'user.deactivated',
      'user.updated',
      'user.updated',
      'user.updated',
      'user.updated',
      'user.created',
    ]);
    for (const entry of items) {
      expect(entry.actor).toEqual({ id: north.adminId, name: 'Test User' });
      expect(entry.target).toEqual({ id: user.id, name: `${user.name} Renamed` });
      expect(entry.ip).toBe(ADMIN_ADDRESS);
      expect(entry.details).toEqual({ via: 'administration' });
      expect(entry.changes.every((item) => item.beforeKnown)).toBe(true);
    }
    const [reactivated, deactivated, cleared, relinkedEntry, movedEntry, promotedEntry, created] = items;
    expect(changesOf(created)).toEqual({
      name: [null, user.name],
      email: [null, user.email],
      role: [null, 'manager'],
      departments: [null, ['Audit North']],
      amoId: [null, 8_100_001],
      managementType: [null, 'online'],
      status: [null, 'active'],
    });
    expect(changesOf(promotedEntry)).toEqual({ role: ['manager', 'administrator'] });
    expect(changesOf(movedEntry)).toEqual({ departments: [['Audit North'], ['Audit North', 'Audit South']] });
    expect(changesOf(relinkedEntry)).toEqual({ amoId: [8_100_001, 8_100_002], managementType: ['online', 'hybrid'] });
    expect(changesOf(cleared)).toEqual({
      name: [user.name, `${user.name} Renamed`],
      amoId: [8_100_002, null],
      managementType: ['hybrid', null],
    });
    expect(changesOf(deactivated)).toEqual({ status: ['active', 'disabled'] });
    expect(changesOf(reactivated)).toEqual({ status: ['disabled', 'active'] });
  });
});

describe('entries of older shapes', () => {
  it('are read as changes, saying where the value before was not recorded', async () => {
    // The command line creates, then updates the user with this e-mail (test/factories goes through it too).
    const email = `cli-${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createUser(app, { email, role: 'worker', departments: ['Audit North'] });
    await createUser(app, { email, role: 'manager', departments: ['Audit South'] });
    // As linking an amoCRM user writes it (users/service.ts `linkAmoId`).
    await recordAudit(app.db, {
      action: 'user.updated',
      actorUserId: north.adminId,
      subjectUserId: id,
      details: { amoId: 8_200_001, previousAmoId: null, via: 'amocrm-users' },
    });
    await recordAudit(app.db, {
      action: 'department.switch',
      actorUserId: id,
      subjectUserId: id,
      departmentId: SOUTH,
      details: { from: NORTH },
    });
    await recordAudit(app.db, { action: 'user.teleported', subjectUserId: id, details: { planet: 'Mars' } });

    const [future, switched, linked, updated, created] = (await trail(`?userId=${id}`)).items;
    expect(created).toMatchObject({ action: 'user.created', actor: null, details: { via: 'operator' } });
    expect(created?.changes).toEqual([
      { field: 'role', before: null, after: 'worker', beforeKnown: true },
      { field: 'departments', before: null, after: ['Audit North'], beforeKnown: true },
    ]);
    expect(updated?.changes).toEqual([
      { field: 'role', before: null, after: 'manager', beforeKnown: false },
      { field: 'departments', before: null, after: ['Audit South'], beforeKnown: false },
    ]);
    expect(linked).toMatchObject({ actor: { id: north.adminId }, details: { via: 'amocrm-users' } });
    expect(linked?.changes).toEqual([{ field: 'amoId', before: null, after: 8_200_001, beforeKnown: true }]);
    expect(switched).toMatchObject({ department: { id: SOUTH, name: 'Audit South' }, details: {} });
    expect(switched?.changes).toEqual([
      { field: 'currentDepartment', before: 'Audit North', after: 'Audit South', beforeKnown: true },
    ]);
    // An action this server does not know is listed as it was recorded.
    expect(future).toMatchObject({ action: 'user.teleported', changes: [], details: { planet: 'Mars' } });
  });
});

describe('filtering and paging the trail', () => {
  it("finds a user's own trail from both sides, by actor, target, action, day and address", async () => {
    const person = await createUser(app, { role: 'administrator', departments: ['Audit North'] });
    const session = await signIn(app, person, '192.168.7.8');
    await call(app, 'POST', '/api/auth/login', {
      body: { email: person.email, password: 'wrong password' },
      remoteAddress: '192.168.7.9',
    });
    // The person changes someone else: an entry where they are the actor, not the target.
    const other = await createThroughApi();
    const byPerson = await call(app, 'PUT', `/api/users/${other.id}`, {
      token: session.accessToken,
      body: {
        name: other.name,
        email: other.email,
        role: 'manager',
        departmentIds: [NORTH],
        amoId: null,
        managementType: null,
      },
    });
    expect(byPerson.statusCode, byPerson.body).toBe(200);

    const own = await trail(`?userId=${person.id}`);
    expect(own.items.map((entry) => entry.action)).toEqual([
      'user.updated',
      'sign-in.failed',
      'sign-in',
      'user.created',
    ]);
    expect(own.items[0]).toMatchObject({ actor: { id: person.id }, target: { id: other.id } });
    expect(own.items[1]).toMatchObject({ actor: null, target: { id: person.id }, ip: '192.168.7.9' });

    const acted = await trail(`?actorId=${person.id}`);
    expect(acted.items.map((entry) => entry.action)).toEqual(['user.updated', 'sign-in']);
    const about = await trail(`?targetId=${person.id}`);
    expect(about.items.map((entry) => entry.action)).toEqual(['sign-in.failed', 'sign-in', 'user.created']);
    const signIns = await trail(`?userId=${person.id}&action=sign-ins`);
    expect(signIns.items.map((entry) => entry.action)).toEqual(['sign-in.failed', 'sign-in']);
    const several = await trail(`?userId=${person.id}&action=sign-in,user.created`);
    expect(several.items.map((entry) => entry.action)).toEqual(['sign-in', 'user.created']);
    const mixed = await trail(`?userId=${person.id}&action=${encodeURIComponent('sign-in.failed,user-changes')}`);
    expect(mixed.items.map((entry) => entry.action)).toEqual(['user.updated', 'sign-in.failed', 'user.created']);
    expect((await trail(`?userId=${person.id}&ip=192.168.7.`)).total).toBe(2);
    expect((await trail(`?userId=${person.id}&ip=192.168.7.9`)).items.map((entry) => entry.action)).toEqual([
      'sign-in.failed',
    ]);
    // "_" and "%" in an address are taken literally.
    expect((await trail(`?userId=${person.id}&ip=192_168`)).total).toBe(0);
    expect((await trail(`?userId=${person.id}&ip=%25`)).total).toBe(0);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(
      new Date(Date.now() + 86_400_000),
    );
    expect((await trail(`?userId=${person.id}&from=${today}&to=${today}`)).total).toBe(4);
    expect((await trail(`?userId=${person.id}&from=${tomorrow}`)).total).toBe(0);
    expect((await trail(`?userId=${person.id}&to=2020-01-01`)).total).toBe(0);
  });

  it('pages newest first over the whole filtered trail', async () => {
    const person = await createUser(app, { departments: ['Audit South'] });
    for (let index = 0; index < 12; index += 1) await signIn(app, person);
    const first = await trail(`?targetId=${person.id}&action=sign-in&pageSize=10`);
    const second = await trail(`?targetId=${person.id}&action=sign-in&pageSize=10&page=2`);
    expect([first.total, first.items.length, second.items.length, second.page]).toEqual([12, 10, 2, 2]);
    const ids = [...first.items, ...second.items].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses a bad query with 400 and the offending field', async () => {
    const refusals: [string, string][] = [
      ['action=user.exploded', 'action'],
      ['action=sign-ins,nope', 'action'],
      ['actorId=someone', 'actorId'],
      ['targetId=1', 'targetId'],
      ['userId=', 'userId'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['pageSize=7', 'pageSize'],
      ['page=0', 'page'],
      [`ip=${'1'.repeat(65)}`, 'ip'],
    ];
    for (const [query, field] of refusals) {
      // An export has no pages.
      const paths = field.startsWith('page') ? ['/api/audit'] : ['/api/audit', '/api/audit/export'];
      for (const path of paths) {
        const response = await call(app, 'GET', `${path}?${query}`, { token: north.admin });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(response.json().errors), query).toContain(field);
      }
    }
    const badFormat = await call(app, 'GET', '/api/audit/export?format=pdf', { token: north.admin });
    expect(badFormat.statusCode).toBe(400);
  });
});

describe('exporting the trail', () => {
  it('writes the filtered trail as CSV with headings, actions and values in the language asked for', async () => {
    const user = await createThroughApi({ role: 'manager' });
    await change(user, { role: 'worker', managementType: 'offline' });

    const english = await call(app, 'GET', `/api/audit/export?targetId=${user.id}&format=csv&lang=en`, {
      token: north.admin,
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/csv');
    expect(english.headers['content-disposition']).toMatch(/audit-trail-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = english.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Action,User,Department,Address,Changes,Details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Test User,User changed,Audited /);
    expect(lines[1]).toContain(
      `,${ADMIN_ADDRESS},"Role: Manager → Worker; Management type: — → Offline",Made in: Users administration`,
    );
    expect(lines[2]).toContain(',User created,');

    const russian = await call(app, 'GET', `/api/audit/export?targetId=${user.id}&format=csv&lang=ru`, {
      token: north.admin,
    });
    expect(russian.body).toContain('Время;Кто;Действие;Пользователь;Отдел;Адрес;Изменения;Подробности');
    expect(russian.body).toContain(';Пользователь изменён;');
    expect(russian.body).toContain('Роль: Менеджер → Сотрудник склада; Тип управления: — → Офлайн');
    expect(russian.body).toContain('Где сделано: Управление пользователями');
  });

  it('writes XLSX, and reads a long trail in batches', async () => {
    const person = await createUser(app, { departments: ['Audit South'] });
    for (let index = 0; index < 5; index += 1) await signIn(app, person);
    const response = await app.inject({
      method: 'GET',
      url: `/api/audit/export?targetId=${person.id}&action=sign-ins&format=xlsx&lang=ru`,
      headers: { authorization: `Bearer ${north.admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = readTableFile(response.rawPayload, 100);
    expect(rows[0]).toEqual(['Время', 'Кто', 'Действие', 'Пользователь', 'Отдел', 'Адрес', 'Изменения', 'Подробности']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Вход', 'Вход', 'Вход', 'Вход', 'Вход']);
    expect(rows[1]?.[4]).toBe('Audit South');

    // Batch after batch, each entry once, in the list's order.
    const listed = (await trail(`?targetId=${person.id}&pageSize=100`)).items.map((entry) => entry.id);
    const exported: number[] = [];
    for await (const entry of allAuditEntries(app.db, { targetId: person.id }, 'Europe/Moscow', 2)) {
      exported.push(entry.id);
    }
    expect(exported).toEqual(listed);
    expect(exported).toHaveLength(6);
  });
});

describe('the audit log table', () => {
  it('refuses to change, delete or empty an entry', async () => {
    for (const statement of [
      sql`update audit_log set action = 'sign-out'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const refusal = await queryRows(app.db, statement).then(
        () => null,
        (error: unknown) => error,
      );
      expect(databaseError(refusal)?.code).toBe('23001');
      expect(String((refusal as Error).cause)).toMatch(/append-only/);
    }
    expect((await trail('')).total).toBeGreaterThan(0);
  });

  it('keeps a user who has entries from being deleted, so no entry loses who it was about', async () => {
    const person = await createUser(app);
    const refusal = await queryRows(app.db, sql`delete from users where id = ${person.id}`).then(
      () => null,
      (error: unknown) => error,
    );
    // PostgreSQL names an ON DELETE RESTRICT refusal 23503 or, in newer versions (PGlite's), 23001.
    expect(databaseError(refusal)?.code).toMatch(/^(23503|23001)$/);
    expect(databaseError(refusal)?.constraint).toMatch(/^audit_log_(actor|subject)_user_id_users_id_fk$/);
    expect((await trail(`?targetId=${person.id}`)).total).toBe(1);
  });
});
