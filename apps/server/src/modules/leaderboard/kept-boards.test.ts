import type { Leaderboard } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, midMonth, schemeTerms, storeLeads } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/index.js';
import { salesFiguresVersion } from '../sales-results/repository.js';
import { salesSettings } from '../sales-sync/settings.js';
import { upsertUser } from '../users/service.js';

// A board is kept until anything it shows changes (ADR 0033): each write below, whichever table it reaches, shows on
// the next read of a board read (and kept) just before it.
const app = await buildTestApp();
let admin: string;
let annId: string;
let departmentId: string;
const MARCH = '?from=2025-03-01&to=2025-03-31';

async function board(): Promise<Leaderboard> {
  const response = await call(app, 'GET', `/api/sales/leaderboard${MARCH}`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ann() {
  const found = (await board()).rows.find((row) => row.userId === annId);
  if (!found) throw new Error('Ann is not on the board');
  return found;
}

beforeAll(async () => {
  await salesSettings(app.db, 'UTC');
  const person = {
    email: 'kept-7001@example.com',
    name: 'Ann',
    password: 'long-enough-password',
    role: 'manager' as const,
    amoId: 7001,
    managementType: 'offline' as const,
    departments: ['Kept Boards'],
  };
  annId = (await upsertUser(app.db, person)).id;
  const administrator = await createUser(app, { role: 'administrator', departments: ['Kept Boards'] });
  admin = (await signIn(app, administrator)).accessToken;
  const [department] = await queryRows<{ id: string }>(
    app.db,
    sql`select id from departments where name = 'Kept Boards'`,
  );
  departmentId = department?.id ?? '';
  await storeLeads(app, [
    closedLead({ amoId: 70_001, responsible: 7001, budgetMinor: 100_000, closedAt: midMonth('2025-03') }),
  ]);
});

describe('a kept leaderboard', () => {
  it('shows a lead won after it was read', async () => {
    expect((await ann()).revenueMinor).toBe(100_000);
    await storeLeads(app, [
      closedLead({ amoId: 70_002, responsible: 7001, budgetMinor: 50_000, closedAt: midMonth('2025-03') }),
    ]);
    expect((await ann()).revenueMinor).toBe(150_000);
  });

  it('shows a plan, calls and messages, a new name and a bonus scheme set after it was read', async () => {
    expect(await ann()).toMatchObject({ planMinor: null, callMinutes: 0, bonusMinor: null });
    await queryRows(
      app.db,
      sql`insert into sales_plans (user_id, month, amount_minor) values (${annId}::uuid, '2025-03', 100000)`,
    );
    expect((await ann()).planMinor).toBe(100_000);
    await queryRows(
      app.db,
      sql`insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
          values (${FILE_ACCOUNT_ID}, 7001, '2025-03-03', 1, 600, 3)`,
    );
    expect(await ann()).toMatchObject({ callMinutes: 10, messages: 3 });
    await queryRows(app.db, sql`update users set name = 'Ann Renamed' where id = ${annId}::uuid`);
    expect((await ann()).name).toBe('Ann Renamed');
    const scheme = schemeTerms({ levels: [{ thresholdPercent: '50', ratePercent: '10' }] });
    const saved = await call(app, 'PUT', '/api/sales/bonus-schemes/offline/2020-01', { token: admin, body: scheme });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ann()).bonusMinor).toBe(15_000);
  });

  it('says a sync that started and then failed after it was read', async () => {
    expect((await board()).sync.lastFailed).toBe(false);
    const [run] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into sales_sync_runs (status, trigger) values ('running', 'manual') returning id`,
    );
    expect((await board()).sync.lastFailed).toBe(false);
    await queryRows(
      app.db,
      sql`update sales_sync_runs set status = 'failed', finished_at = now() where id = ${run?.id}::uuid`,
    );
    expect((await board()).sync.lastFailed).toBe(true);
  });

  it('leaves the department’s version alone for a change of another department, and raises it for its own', async () => {
    const before = await salesFiguresVersion(app.db, departmentId);
    await upsertUser(app.db, {
      email: 'kept-elsewhere@example.com',
      name: 'Elsewhere',
      password: 'long-enough-password',
      role: 'manager',
      amoId: 7002,
      managementType: 'offline',
      departments: ['Kept Elsewhere'],
    });
    // A new person counts for every department (they may be anyone's); their leads count for their own only.
    const afterPerson = await salesFiguresVersion(app.db, departmentId);
    expect(afterPerson).toBeGreaterThan(before);
    await storeLeads(app, [
      closedLead({ amoId: 70_003, responsible: 7002, budgetMinor: 1, closedAt: midMonth('2025-03') }),
    ]);
    expect(await salesFiguresVersion(app.db, departmentId)).toBe(afterPerson);
    await storeLeads(app, [
      closedLead({ amoId: 70_004, responsible: 7001, budgetMinor: 1, closedAt: midMonth('2025-03') }),
    ]);
    expect(await salesFiguresVersion(app.db, departmentId)).toBe(afterPerson + 1n);
  });
});
