import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { signIn } from '../../../test/factories.js';
import { queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/index.js';
import { upsertLeads } from '../sales-sync/leads.js';
import { upsertUser } from './service.js';

let app: FastifyInstance;

async function leadOwner(amoId: number) {
  const [row] = await queryRows<{ manager_user_id: string | null; department_name: string | null }>(
    app.db,
    sql`select l.manager_user_id, d.name as department_name from sales_leads l
        left join departments d on d.id = l.department_id
        where l.account_id = ${FILE_ACCOUNT_ID} and l.amo_id = ${amoId}`,
  );
  return row;
}

beforeAll(async () => {
  app = await buildTestApp();
  await upsertLeads(
    app.db,
    [
      {
        accountId: FILE_ACCOUNT_ID,
        amoId: 1,
        title: 'Lead of 5551',
        mainContactAmoId: null,
        paymentMethod: null,
        budgetMinor: 100_00,
        createdAt: 1_700_000_000,
        closedAt: null,
        pipelineAmoId: 1,
        statusAmoId: 10,
        lossReasonAmoId: null,
        responsibleAmoUserId: 5551,
        updatedAt: 1_700_000_000,
      },
    ],
    'file',
  );
});

describe('leads follow the manager whose AMO ID is their responsible user', () => {
  it('are matched when a user gets that AMO ID, move with the departments and are released when it changes', async () => {
    expect(await leadOwner(1)).toEqual({ manager_user_id: null, department_name: null });

    const base = { email: 'amo-5551@example.com', password: 'long-enough-password', role: 'manager' as const };
    const { id } = await upsertUser(app.db, { ...base, amoId: 5551, departments: ['North Sales'] });
    expect(await leadOwner(1)).toEqual({ manager_user_id: id, department_name: 'North Sales' });

    await upsertUser(app.db, { ...base, departments: ['South Sales'] });
    expect(await leadOwner(1)).toEqual({ manager_user_id: id, department_name: 'South Sales' });

    await upsertUser(app.db, { ...base, amoId: 5552 });
    expect(await leadOwner(1)).toEqual({ manager_user_id: null, department_name: null });
  });

  it('move to the department the manager works in when their oldest one is archived, and back when it is restored', async () => {
    const admin = {
      email: 'leads-admin@example.com',
      password: 'long-enough-password',
      role: 'administrator' as const,
    };
    const { id: adminId } = await upsertUser(app.db, { ...admin, departments: ['Leads Administration'] });
    const base = { email: 'amo-5553@example.com', password: 'long-enough-password', role: 'manager' as const };
    // East first: made in one transaction, the two departments would be as old as each other.
    await upsertUser(app.db, { ...base, departments: ['East Sales'] });
    const { id } = await upsertUser(app.db, { ...base, amoId: 5551, departments: ['East Sales', 'West Sales'] });
    expect(await leadOwner(1)).toEqual({ manager_user_id: id, department_name: 'East Sales' });

    const { accessToken } = await signIn(app, { ...admin, id: adminId });
    const [east] = await queryRows<{ id: string }>(app.db, sql`select id from departments where name = 'East Sales'`);
    const archive = await call(app, 'POST', `/api/departments/${east?.id}/archive`, { token: accessToken });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(await leadOwner(1)).toEqual({ manager_user_id: id, department_name: 'West Sales' });

    const restore = await call(app, 'POST', `/api/departments/${east?.id}/restore`, { token: accessToken });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await leadOwner(1)).toEqual({ manager_user_id: id, department_name: 'East Sales' });
  });
});
