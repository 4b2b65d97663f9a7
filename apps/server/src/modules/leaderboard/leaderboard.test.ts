import { bonusTermsOf, computeBonus, type Leaderboard } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, schemeTerms, storeLeads } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/index.js';
import { salesSettings } from '../sales-sync/settings.js';
import { upsertUser } from '../users/service.js';

let app: FastifyInstance;
let admin: string;
let farAdmin: string;
let manager: string;
let worker: string;
const ids: Record<string, string> = {};

const SCHEME = schemeTerms({ levels: [{ thresholdPercent: '50', ratePercent: '10' }] });

/** An instant given as a wall-clock time in Moscow (UTC+3 all year), the organisation's clock in these tests. */
function moscow(local: string): Date {
  return new Date(`${local}+03:00`);
}

async function board(token: string, query: string): Promise<Leaderboard> {
  const response = await call(app, 'GET', `/api/sales/leaderboard${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function row(result: Leaderboard, name: string) {
  const found = result.rows.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not on the board`);
  return found;
}

beforeAll(async () => {
  app = await buildTestApp({ TIME_ZONE: 'Europe/Moscow' });
  await salesSettings(app.db, 'Europe/Moscow');
  const person = async (name: string, amoId: number, departments: string[]) => {
    ids[name] = (
      await upsertUser(app.db, {
        email: `board-${amoId}@example.com`,
        name,
        password: 'long-enough-password',
        role: 'manager',
        amoId,
        managementType: 'offline',
        departments,
      })
    ).id;
  };
  await person('Ann', 6001, ['Board Sales']);
  await person('Ben', 6002, ['Board Sales']);
  await person('Cid', 6003, ['Board Sales']);
  await person('Dee', 6004, ['Board Sales']);
  await person('Far', 6009, ['Far Board']);
  admin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Board Sales'] })))
    .accessToken;
  farAdmin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Far Board'] })))
    .accessToken;
  manager = (
    await signIn(app, { id: ids.Ann ?? '', email: 'board-6001@example.com', password: 'long-enough-password' })
  ).accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Board Sales'] }))).accessToken;
  expect(
    (await call(app, 'PUT', '/api/sales/bonus-schemes/offline/2020-01', { token: admin, body: SCHEME })).statusCode,
  ).toBe(200);
  await queryRows(
    app.db,
    sql`insert into sales_plans (user_id, month, amount_minor)
        values (${ids.Ann}::uuid, '2025-03', 1000000), (${ids.Ben}::uuid, '2025-03', 500000),
               (${ids.Ann}::uuid, '2025-02', 1000000)`,
  );
  await storeLeads(app, [
    // March 2025 on the Moscow clock: the first second and the last minute count, the next day's first does not.
    closedLead({ amoId: 1, responsible: 6001, budgetMinor: 400_000, closedAt: moscow('2025-03-01T00:00:00') }),
    closedLead({ amoId: 2, responsible: 6001, budgetMinor: 200_000, closedAt: moscow('2025-03-31T23:59:00') }),
    closedLead({ amoId: 3, responsible: 6001, budgetMinor: 999_999, closedAt: moscow('2025-04-01T00:00:00') }),
    closedLead({ amoId: 4, responsible: 6002, budgetMinor: 600_000, closedAt: moscow('2025-03-15T12:00:00') }),
    closedLead({
      amoId: 5,
      responsible: 6002,
      budgetMinor: 50_000,
      closedAt: moscow('2025-03-16T12:00:00'),
      statusAmoId: 143,
    }),
    closedLead({ amoId: 6, responsible: 6003, budgetMinor: 100_000, closedAt: moscow('2025-03-10T12:00:00') }),
    closedLead({ amoId: 7, responsible: 6009, budgetMinor: 5_000_000, closedAt: moscow('2025-03-10T12:00:00') }),
    // February: Cid leads, Ann follows; Ben had nothing.
    closedLead({ amoId: 8, responsible: 6003, budgetMinor: 900_000, closedAt: moscow('2025-02-10T12:00:00') }),
    closedLead({ amoId: 9, responsible: 6001, budgetMinor: 300_000, closedAt: moscow('2025-02-11T12:00:00') }),
  ]);
  await queryRows(
    app.db,
    sql`insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
        values (${FILE_ACCOUNT_ID}, 6001, '2025-03-03', 4, 1530, 12), (${FILE_ACCOUNT_ID}, 6001, '2025-04-01', 9, 6000, 40)`,
  );
});

describe('the leaderboard', () => {
  it('counts each day on the organisation clock, ranks with shared ranks and compares with the month before', async () => {
    const march = await board(manager, '?from=2025-03-01&to=2025-03-31');
    expect(march).toMatchObject({ from: '2025-03-01', to: '2025-03-31', currency: 'RUB' });
    expect(march.previous).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    // Ann: 400 000 + 200 000 (the lead of April 1, 00:00 is April's); Ben: 600 000 won, one lost.
    expect(march.rows.map((entry) => [entry.name, entry.rank, entry.revenueMinor])).toEqual([
      ['Ann', 1, 600_000],
      ['Ben', 1, 600_000],
      ['Cid', 3, 100_000],
      ['Dee', 4, 0],
    ]);
    expect(row(march, 'Ben')).toMatchObject({
      wonLeads: 1,
      lostLeads: 1,
      planMinor: 500_000,
      factPlanPercent: '120.00',
    });
    expect(row(march, 'Ann')).toMatchObject({ callMinutes: 26, messages: 12, factPlanPercent: '60.00' });
    expect(row(march, 'Cid')).toMatchObject({ planMinor: null, factPlanPercent: null });
    // February ranked Cid first and Ann second; Ben and Dee had nothing then.
    expect(march.rows.map((entry) => [entry.name, entry.previousRank])).toEqual([
      ['Ann', 2],
      ['Ben', null],
      ['Cid', 1],
      ['Dee', null],
    ]);
    const expected = computeBonus(bonusTermsOf(SCHEME), { planMinor: 1_000_000n, revenueMinor: 600_000n });
    expect(row(march, 'Ann').bonusMinor).toBe(Number(expected.bonusMinor));
  });

  it('ranks by fact/plan when asked, with no plan after every plan', async () => {
    const march = await board(admin, '?from=2025-03-01&to=2025-03-31&rankBy=factPlan');
    expect(march.rows.map((entry) => [entry.name, entry.rank])).toEqual([
      ['Ben', 1],
      ['Ann', 2],
      ['Cid', 3],
      ['Dee', 3],
    ]);
  });

  it('plans part of a month by its share of days', async () => {
    const half = await board(admin, '?from=2025-03-01&to=2025-03-15');
    // 1 000 000 × 15/31 = 483 870.97 → 483 871.
    expect(row(half, 'Ann')).toMatchObject({ revenueMinor: 400_000, planMinor: 483_871, factPlanPercent: '82.66' });
    expect(half.previous).toEqual({ from: '2025-02-01', to: '2025-02-15' });
  });

  it("shows only the department's own people and leads", async () => {
    const march = await board(admin, '?from=2025-03-01&to=2025-03-31');
    expect(march.rows.map((entry) => entry.name)).not.toContain('Far');
    const far = await board(farAdmin, '?from=2025-03-01&to=2025-03-31');
    expect(far.rows.map((entry) => [entry.name, entry.revenueMinor])).toEqual([['Far', 5_000_000]]);
  });

  it("follows a manager's AMO ID: their leads and figures move with it", async () => {
    const again = { password: 'long-enough-password', role: 'manager' as const };
    await queryRows(app.db, sql`update users set amo_id = null where email = 'board-6003@example.com'`);
    await upsertUser(app.db, { ...again, email: 'board-6004@example.com', amoId: 6003 });
    const march = await board(admin, '?from=2025-03-01&to=2025-03-31');
    expect(row(march, 'Dee').revenueMinor).toBe(100_000);
    expect(row(march, 'Cid').revenueMinor).toBe(0);
    // Back as it was, for the tests after this one.
    await queryRows(app.db, sql`update users set amo_id = null where email = 'board-6004@example.com'`);
    await upsertUser(app.db, { ...again, email: 'board-6003@example.com', amoId: 6003 });
    await upsertUser(app.db, { ...again, email: 'board-6004@example.com', amoId: 6004 });
  });

  it("reads a closed month's frozen figures, and live figures for part of it", async () => {
    const closed = await call(app, 'POST', '/api/sales/months/2025-03/close', { token: admin });
    expect(closed.statusCode).toBe(200);
    await storeLeads(app, [
      closedLead({ amoId: 10, responsible: 6002, budgetMinor: 1_000_000, closedAt: moscow('2025-03-20T12:00:00') }),
    ]);
    const march = await board(admin, '?from=2025-03-01&to=2025-03-31');
    expect(march.closedMonths.map((closed) => closed.month)).toEqual(['2025-03']);
    expect(row(march, 'Ben').revenueMinor).toBe(600_000);
    const partial = await board(admin, '?from=2025-03-01&to=2025-03-30');
    expect(partial.closedMonths).toEqual([]);
    expect(row(partial, 'Ben').revenueMinor).toBe(1_600_000);
  });

  it("exports the board as ranked, in the reader's language", async () => {
    const response = await call(app, 'GET', '/api/sales/leaderboard/export?from=2025-02-01&to=2025-02-28&lang=ru', {
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Место;Менеджер;AMO ID;Выручка;План;/);
    expect(lines[1]).toMatch(/^1;Cid;6003;9000;/);
    expect(lines[2]).toMatch(/^2;Ann;6001;3000;10000;30;/);
  });

  it('is for managers and administrators, and refuses periods it cannot answer', async () => {
    expect((await call(app, 'GET', '/api/sales/leaderboard', { token: worker })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/sales/leaderboard')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/sales/leaderboard', { token: manager })).statusCode).toBe(200);
    for (const query of ['?from=2025-03-31&to=2025-03-01', '?from=2024-01-01&to=2025-01-01']) {
      const response = await call(app, 'GET', `/api/sales/leaderboard${query}`, { token: admin });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('PERIOD_INVALID');
    }
    for (const query of ['?from=2025-02-30', '?to=yesterday', '?rankBy=bonus']) {
      expect((await call(app, 'GET', `/api/sales/leaderboard${query}`, { token: admin })).statusCode, query).toBe(400);
    }
  });
});
