import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { userAdministration } from './service.js';

// A database of its own: the rule counts every active administrator of the company.
const app = await buildTestApp();
const first = await createUser(app, { role: 'administrator', departments: ['Head Office'] });
const second = await createUser(app, { role: 'administrator', departments: ['Head Office'] });
const worker = await createUser(app, { role: 'worker', departments: ['Head Office'] });

async function activeAdministrators(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    app.db,
    sql`select id from users where role = 'administrator' and status = 'active' order by id`,
  );
  return rows.map((row) => row.id);
}

async function viewOf(id: string, token: string) {
  const user = (await call(app, 'GET', `/api/users/${id}`, { token })).json();
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    departmentIds: user.departments.map((department: { id: string }) => department.id),
    amoId: user.amoId,
    managementType: user.managementType,
  };
}

describe('the last active administrator', () => {
  it('cannot be demoted or deactivated, by anyone', async () => {
    const administration = userAdministration(app.db);
    const firstSession = await signIn(app, first);
    // The first deactivates the second: one administrator is left.
    const deactivated = await call(app, 'POST', `/api/users/${second.id}/deactivate`, {
      token: firstSession.accessToken,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await activeAdministrators()).toEqual([first.id]);

    // Through the service, as another caller than the administrator themselves would: the rule still holds.
    const actor = { userId: worker.id, ip: null };
    await expect(administration.deactivate(first.id, actor)).rejects.toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    const change = await viewOf(first.id, firstSession.accessToken);
    for (const role of ['manager', 'worker'] as const) {
      await expect(administration.update(first.id, { ...change, role }, actor)).rejects.toMatchObject({
        code: 'LAST_ADMINISTRATOR',
        status: 409,
      });
    }
    expect(await activeAdministrators()).toEqual([first.id]);

    // A deactivated administrator is no longer counted, and may be demoted.
    const secondView = await viewOf(second.id, firstSession.accessToken);
    const demoted = await call(app, 'PUT', `/api/users/${second.id}`, {
      token: firstSession.accessToken,
      body: { ...secondView, role: 'manager' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const promoted = await call(app, 'PUT', `/api/users/${second.id}`, {
      token: firstSession.accessToken,
      body: { ...secondView, role: 'administrator' },
    });
    expect(promoted.statusCode).toBe(200);
    await call(app, 'POST', `/api/users/${second.id}/reactivate`, { token: firstSession.accessToken });
    expect(await activeAdministrators()).toEqual([first.id, second.id].sort());
  });

  it('remains when two administrators demote each other at the same moment', async () => {
    const [a, b] = await Promise.all([signIn(app, first), signIn(app, second)]);
    const [viewFirst, viewSecond] = await Promise.all([
      viewOf(first.id, a.accessToken),
      viewOf(second.id, a.accessToken),
    ]);
    const answers = await Promise.all([
      call(app, 'PUT', `/api/users/${second.id}`, { token: a.accessToken, body: { ...viewSecond, role: 'worker' } }),
      call(app, 'PUT', `/api/users/${first.id}`, { token: b.accessToken, body: { ...viewFirst, role: 'worker' } }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The other finds itself no longer an administrator (403) or the last one left (409).
    expect([403, 409]).toContain(statuses[1]);
    expect(await activeAdministrators()).toHaveLength(1);
  });
});
