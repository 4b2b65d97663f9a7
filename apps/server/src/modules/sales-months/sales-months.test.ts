import type { BonusSchemeList, SalesMonth, SalesMonthList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, midMonth, schemeTerms, storeLeads } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { organisationMonth } from '../organisation/repository.js';
import { upsertUser } from '../users/service.js';

let app: FastifyInstance;
let admin: string;
let farAdmin: string;
let manager: string;
let worker: string;
let miraId: string;
let thisMonth: string;
let lastMonth: string;

const SCHEME = schemeTerms();

function monthPath(month: string, action = '') {
  return `/api/sales/months/${month}${action}`;
}

async function auditOf(action: string) {
  return queryRows<{ details: Record<string, unknown> }>(
    app.db,
    sql`select details from audit_log where action = ${action} order by id`,
  );
}

beforeAll(async () => {
  app = await buildTestApp();
  thisMonth = await organisationMonth(app.db, app.config.timeZone);
  const [year = 0, month = 1] = thisMonth.split('-').map(Number);
  lastMonth = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
  const base = { password: 'long-enough-password', role: 'manager' as const, managementType: 'offline' as const };
  miraId = (
    await upsertUser(app.db, {
      ...base,
      email: 'months-mira@example.com',
      name: 'Mira',
      amoId: 8001,
      departments: ['Month Sales'],
    })
  ).id;
  await upsertUser(app.db, {
    ...base,
    email: 'months-zoe@example.com',
    name: 'Zoe',
    amoId: 8002,
    departments: ['Far Sales'],
  });
  admin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Month Sales'] })))
    .accessToken;
  farAdmin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Far Sales'] })))
    .accessToken;
  manager = (await signIn(app, { id: miraId, email: 'months-mira@example.com', password: base.password })).accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Month Sales'] }))).accessToken;
  expect(
    (await call(app, 'PUT', '/api/sales/bonus-schemes/offline/2020-01', { token: admin, body: SCHEME })).statusCode,
  ).toBe(200);
  await queryRows(
    app.db,
    sql`insert into sales_plans (user_id, month, amount_minor) values (${miraId}::uuid, ${lastMonth}, 1000000)`,
  );
  await storeLeads(app, [
    closedLead({ amoId: 1, responsible: 8001, budgetMinor: 600_000, closedAt: midMonth(lastMonth) }),
    closedLead({ amoId: 2, responsible: 8001, budgetMinor: 999, closedAt: midMonth(lastMonth), statusAmoId: 143 }),
    closedLead({ amoId: 3, responsible: 8002, budgetMinor: 777_000, closedAt: midMonth(lastMonth) }),
  ]);
});

describe('closing a month', () => {
  it("freezes each manager's figures and bonus, and later changes show as pending differences", async () => {
    const closed = await call(app, 'POST', monthPath(lastMonth, '/close'), { token: admin });
    expect(closed.statusCode).toBe(200);
    const month: SalesMonth = closed.json();
    expect(month.closed?.by).toBe('Test User');
    expect(month.managers).toHaveLength(1);
    const [mira] = month.managers;
    // 600 000 won of a plan of 1 000 000: 60 %, level 1 pays 10 % of the revenue.
    expect(mira?.frozen).toMatchObject({
      name: 'Mira',
      planMinor: 1_000_000,
      revenueMinor: 600_000,
      wonCount: 1,
      lostCount: 1,
      calculation: { planPercent: '60.00', bonusMinor: 60_000, totalMinor: 5_060_000 },
    });
    expect(mira?.pendingDifference).toBe(false);
    const [entry] = await auditOf('sales_month.closed');
    expect(entry?.details).toMatchObject({ month: lastMonth, managers: 1, bonusMinor: 60_000 });

    // A lead won late in amoCRM, dated in the closed month.
    await storeLeads(app, [
      closedLead({ amoId: 4, responsible: 8001, budgetMinor: 400_000, closedAt: midMonth(lastMonth) }),
    ]);
    const after: SalesMonth = (await call(app, 'GET', monthPath(lastMonth), { token: admin })).json();
    expect(after.managers[0]).toMatchObject({
      frozen: { revenueMinor: 600_000, calculation: { bonusMinor: 60_000 } },
      live: { revenueMinor: 1_000_000, wonCount: 2, calculation: { bonusMinor: 100_000 } },
      pendingDifference: true,
    });
    const year = lastMonth.slice(0, 4);
    const list: SalesMonthList = (await call(app, 'GET', `/api/sales/months?year=${year}`, { token: admin })).json();
    expect(list.months.find((candidate) => candidate.month === lastMonth)).toMatchObject({
      closed: { by: 'Test User' },
      pendingDifferences: 1,
    });

    const reopened: SalesMonth = (await call(app, 'POST', monthPath(lastMonth, '/reopen'), { token: admin })).json();
    expect(reopened.closed).toBeNull();
    expect(reopened.managers[0]?.frozen).toBeNull();
    const [reopening] = await auditOf('sales_month.reopened');
    expect(reopening?.details).toMatchObject({
      month: lastMonth,
      frozen: [
        {
          userId: miraId,
          revenueMinor: 600_000,
          wonCount: 1,
          schemeEffectiveFrom: '2020-01',
          calculation: { bonusMinor: 60_000 },
        },
      ],
    });

    const again: SalesMonth = (await call(app, 'POST', monthPath(lastMonth, '/close'), { token: admin })).json();
    expect(again.managers[0]).toMatchObject({ frozen: { revenueMinor: 1_000_000 }, pendingDifference: false });
  });

  it('keeps the scheme version a closed month was paid by', async () => {
    const change = await call(app, 'PUT', '/api/sales/bonus-schemes/offline/2020-01', {
      token: admin,
      body: { ...SCHEME, fixedSalaryMinor: 1 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('MONTH_CLOSED');
    const takeOver = await call(app, 'PUT', `/api/sales/bonus-schemes/offline/${lastMonth}`, {
      token: admin,
      body: SCHEME,
    });
    expect(takeOver.statusCode).toBe(409);
    const later = await call(app, 'PUT', `/api/sales/bonus-schemes/offline/${thisMonth}`, {
      token: admin,
      body: SCHEME,
    });
    expect(later.statusCode).toBe(200);
    const list: BonusSchemeList = (await call(app, 'GET', '/api/sales/bonus-schemes', { token: admin })).json();
    expect(list.items.map((version) => [version.effectiveFrom, version.locked])).toEqual([
      [thisMonth, false],
      ['2020-01', true],
    ]);
  });

  it('refuses the current month, a second close and reopening an open month', async () => {
    const current = await call(app, 'POST', monthPath(thisMonth, '/close'), { token: admin });
    expect(current.statusCode).toBe(422);
    expect(current.json().code).toBe('MONTH_NOT_ENDED');
    const twice = await call(app, 'POST', monthPath(lastMonth, '/close'), { token: admin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('MONTH_CLOSED');
    expect((await call(app, 'POST', monthPath('2021-01', '/reopen'), { token: admin })).statusCode).toBe(404);
    expect((await call(app, 'POST', monthPath('2021-13', '/close'), { token: admin })).statusCode).toBe(400);
  });

  it('refuses to close a month of a department that had no sales manager, and stores nothing', async () => {
    const quietAdmin = (
      await signIn(app, await createUser(app, { role: 'administrator', departments: ['Quiet Sales'] }))
    ).accessToken;
    const empty = await call(app, 'POST', monthPath(lastMonth, '/close'), { token: quietAdmin });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('MONTH_HAS_NO_MANAGERS');
    const month: SalesMonth = (await call(app, 'GET', monthPath(lastMonth), { token: quietAdmin })).json();
    expect(month.closed).toBeNull();
  });

  it("is the department's own: other departments' administrators see their own managers, others nothing", async () => {
    const far: SalesMonth = (await call(app, 'GET', monthPath(lastMonth), { token: farAdmin })).json();
    expect(far.closed).toBeNull();
    expect(far.managers.map((entry) => entry.live.name)).toEqual(['Zoe']);
    for (const token of [manager, worker]) {
      expect((await call(app, 'GET', monthPath(lastMonth), { token })).statusCode).toBe(403);
      expect((await call(app, 'POST', monthPath(lastMonth, '/reopen'), { token })).statusCode).toBe(403);
    }
  });
});
