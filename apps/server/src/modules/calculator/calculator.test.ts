import { type BonusCalculation, bonusTermsOf, type CalculatorContext, computeBonus } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, schemeTerms, storeLeads } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { organisationMonth } from '../organisation/repository.js';
import { upsertUser } from '../users/service.js';

let app: FastifyInstance;
let admin: string;
let otherAdmin: string;
let manager: string;
let managerId: string;
let colleagueId: string;
let strangerId: string;
let worker: string;
let thisMonth: string;

const SCHEME = schemeTerms({
  tierMode: 'marginal',
  levels: [
    { thresholdPercent: '50', ratePercent: '2' },
    { thresholdPercent: '100', ratePercent: '6' },
  ],
  fixedBonusAt120Minor: 4_000_000,
  abovePlanRatePercent: '1.5',
});

const PLAN = 1_000_000_00;

async function context(token: string, query = '') {
  return call(app, 'GET', `/api/sales/calculator/context${query}`, { token });
}

beforeAll(async () => {
  app = await buildTestApp();
  const base = { password: 'long-enough-password', role: 'manager' as const, managementType: 'online' as const };
  managerId = (
    await upsertUser(app.db, {
      ...base,
      email: 'calc-manager@example.com',
      name: 'Mira',
      amoId: 7001,
      departments: ['Calc Sales'],
    })
  ).id;
  colleagueId = (
    await upsertUser(app.db, {
      ...base,
      email: 'calc-colleague@example.com',
      name: 'Boris',
      amoId: 7002,
      departments: ['Calc Sales'],
    })
  ).id;
  strangerId = (
    await upsertUser(app.db, {
      ...base,
      email: 'calc-stranger@example.com',
      name: 'Zoe',
      amoId: 7003,
      departments: ['Far Sales'],
    })
  ).id;
  manager = (await signIn(app, { id: managerId, email: 'calc-manager@example.com', password: base.password }))
    .accessToken;
  admin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Calc Sales'] })))
    .accessToken;
  otherAdmin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Far Sales'] })))
    .accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Calc Sales'] }))).accessToken;
  thisMonth = await organisationMonth(app.db, app.config.timeZone);
  expect(
    (await call(app, 'PUT', '/api/sales/bonus-schemes/online/2020-01', { token: admin, body: SCHEME })).statusCode,
  ).toBe(200);
  await queryRows(
    app.db,
    sql`insert into sales_plans (user_id, month, amount_minor) values (${managerId}::uuid, ${thisMonth}, ${PLAN})`,
  );
  const now = new Date();
  const lastMonth = new Date(now.getTime() - 40 * 86_400_000);
  await storeLeads(app, [
    closedLead({ amoId: 1, responsible: 7001, budgetMinor: 700_000_00, closedAt: now }),
    closedLead({ amoId: 2, responsible: 7001, budgetMinor: 550_000_00, closedAt: now }),
    closedLead({ amoId: 3, responsible: 7001, budgetMinor: 999_000_00, closedAt: now, statusAmoId: 143 }),
    closedLead({ amoId: 4, responsible: 7001, budgetMinor: 888_000_00, closedAt: lastMonth }),
    closedLead({ amoId: 5, responsible: 7002, budgetMinor: 123_000_00, closedAt: now }),
  ]);
});

describe('the bonus calculator', () => {
  it('answers what the shared engine computes, to the minor unit', async () => {
    const response = await call(app, 'POST', '/api/sales/calculator', {
      token: manager,
      body: { managementType: 'online', planMinor: 1_000_01, revenueMinor: 1_333_37 },
    });
    expect(response.statusCode).toBe(200);
    const result: BonusCalculation = response.json();
    const expected = computeBonus(bonusTermsOf(SCHEME), { planMinor: 1_000_01n, revenueMinor: 1_333_37n });
    expect(result).toMatchObject({
      scheme: { managementType: 'online', effectiveFrom: '2020-01', tierMode: 'marginal' },
      planPercent: expected.planPercent,
      bonusMinor: Number(expected.bonusMinor),
      totalMinor: Number(expected.totalMinor),
    });
    expect(result.planPercent).toBe('133.33');
    expect(result.lines.map((line) => line.code)).toEqual(['bandRate', 'bandRate', 'abovePlan', 'fixedAt120']);
    expect(result.lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(result.bonusMinor);
  });

  it('refuses a plan of zero with 422 and a bad body with 400', async () => {
    const zero = await call(app, 'POST', '/api/sales/calculator', {
      token: manager,
      body: { managementType: 'online', planMinor: 0, revenueMinor: 5 },
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().code).toBe('PLAN_REQUIRED');
    for (const body of [
      { managementType: 'online', planMinor: 1.5, revenueMinor: 5 },
      { managementType: 'online', planMinor: 10, revenueMinor: -5 },
      { managementType: 'remote', planMinor: 10, revenueMinor: 5 },
      { managementType: 'online', planMinor: 10, revenueMinor: 5, month: '2025-13' },
      { managementType: 'online', planMinor: 1e15, revenueMinor: 5 },
    ]) {
      const response = await call(app, 'POST', '/api/sales/calculator', { token: manager, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is for managers and administrators only', async () => {
    const body = { managementType: 'online', planMinor: 10, revenueMinor: 5 };
    expect((await call(app, 'POST', '/api/sales/calculator', { token: worker, body })).statusCode).toBe(403);
    expect((await context(worker)).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/sales/calculator', { body })).statusCode).toBe(401);
  });

  it("starts from a manager's plan, the revenue won this month and the bonus it pays so far", async () => {
    const response = await context(manager);
    expect(response.statusCode).toBe(200);
    const start: CalculatorContext = response.json();
    // Won this month: 700 000 + 550 000; the lost lead and last month's win do not count.
    expect(start).toMatchObject({
      month: thisMonth,
      managers: [{ id: managerId, name: 'Mira', managementType: 'online' }],
      manager: { id: managerId },
      planMinor: PLAN,
      revenueMinor: 1_250_000_00,
      schemes: [{ managementType: 'online', effectiveFrom: '2020-01' }],
    });
    const expected = computeBonus(bonusTermsOf(SCHEME), { planMinor: BigInt(PLAN), revenueMinor: 1_250_000_00n });
    expect(start.current?.bonusMinor).toBe(Number(expected.bonusMinor));
    expect(start.current?.planPercent).toBe('125.00');
  });

  it('shows a manager only their own figures, and an administrator those of their department', async () => {
    expect((await context(manager, `?managerId=${colleagueId}`)).statusCode).toBe(404);

    const colleague: CalculatorContext = (await context(admin, `?managerId=${colleagueId}`)).json();
    expect(colleague.managers.map((candidate) => candidate.name)).toEqual(['Boris', 'Mira']);
    expect(colleague).toMatchObject({ manager: { id: colleagueId }, planMinor: null, revenueMinor: 123_000_00 });
    expect(colleague.current?.lines.map((line) => line.code)).toEqual(['noPlan']);

    expect((await context(admin, `?managerId=${strangerId}`)).statusCode).toBe(404);
    expect((await context(otherAdmin, `?managerId=${managerId}`)).statusCode).toBe(404);
    expect((await context(admin, '?managerId=not-a-uuid')).statusCode).toBe(400);
  });
});
