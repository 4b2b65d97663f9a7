import type { BonusSchemeList, BonusSchemeVersion } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { schemeTerms } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { organisationMonth } from '../organisation/repository.js';

let app: FastifyInstance;
let admin: string;
let adminId: string;
let manager: string;
let worker: string;
let thisMonth: string;

/** The month `offset` months from `month` (`YYYY-MM`). */
function monthFrom(month: string, offset: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

const SCHEME = schemeTerms({
  fixedSalaryMinor: 6_000_000,
  levels: [
    { thresholdPercent: '70', ratePercent: '3' },
    { thresholdPercent: '100.5', ratePercent: '7.25' },
  ],
  fixedBonusAt120Minor: 5_000_000,
  abovePlanRatePercent: '2',
});

function save(token: string, path: string, body: unknown = SCHEME) {
  return call(app, 'PUT', `/api/sales/bonus-schemes/${path}`, { token, body });
}

async function auditOf(action: string) {
  return queryRows<{ actor_user_id: string; details: Record<string, unknown> }>(
    app.db,
    sql`select actor_user_id, details from audit_log where action = ${action} order by id`,
  );
}

beforeAll(async () => {
  app = await buildTestApp();
  const adminUser = await createUser(app, { role: 'administrator' });
  adminId = adminUser.id;
  admin = (await signIn(app, adminUser)).accessToken;
  manager = (await signIn(app, await createUser(app, { role: 'manager' }))).accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker' }))).accessToken;
  thisMonth = await organisationMonth(app.db, app.config.timeZone);
});

describe('bonus scheme versions', () => {
  it('are saved by administrators with percentages to two decimals, and listed to managers', async () => {
    const saved = await save(admin, 'offline/2025-01');
    expect(saved.statusCode).toBe(200);
    const version: BonusSchemeVersion = saved.json();
    expect(version).toMatchObject({
      managementType: 'offline',
      effectiveFrom: '2025-01',
      fixedSalaryMinor: 6_000_000,
      levels: [
        { thresholdPercent: '70.00', ratePercent: '3.00' },
        { thresholdPercent: '100.50', ratePercent: '7.25' },
      ],
      abovePlanRatePercent: '2.00',
      updatedBy: 'Test User',
    });

    const list = await call(app, 'GET', '/api/sales/bonus-schemes', { token: manager });
    expect(list.statusCode).toBe(200);
    expect((list.json() as BonusSchemeList).items).toContainEqual(version);
  });

  it('record who changed what, before and after, in the audit log', async () => {
    await save(admin, 'online/2025-02');
    await save(admin, 'online/2025-02', { ...SCHEME, tierMode: 'marginal', fixedSalaryMinor: 1 });
    const entries = (await auditOf('bonus_scheme.saved')).filter((entry) => entry.details.managementType === 'online');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor_user_id: adminId,
      details: { before: null, after: { tierMode: 'highest' } },
    });
    expect(entries[1]?.details).toMatchObject({
      effectiveFrom: '2025-02',
      before: { tierMode: 'highest', fixedSalaryMinor: 6_000_000 },
      after: { tierMode: 'marginal', fixedSalaryMinor: 1 },
    });
  });

  it('pay each month by the newest version not after it: a change from next month leaves this month alone', async () => {
    await save(admin, 'hybrid/2025-01');
    await save(admin, 'hybrid/2025-03', { ...SCHEME, fixedSalaryMinor: 7_000_000 });
    const salaryIn = async (month: string) => {
      const response = await call(app, 'POST', '/api/sales/calculator', {
        token: manager,
        body: { managementType: 'hybrid', planMinor: 100, revenueMinor: 0, month },
      });
      return response.json().fixedSalaryMinor;
    };
    expect(await salaryIn('2025-02')).toBe(6_000_000);
    expect(await salaryIn('2025-03')).toBe(7_000_000);
    expect(await salaryIn('2026-12')).toBe(7_000_000);
    const before = await call(app, 'POST', '/api/sales/calculator', {
      token: manager,
      body: { managementType: 'hybrid', planMinor: 100, revenueMinor: 0, month: '2024-12' },
    });
    expect(before.statusCode).toBe(422);
    expect(before.json().code).toBe('NO_BONUS_SCHEME');
  });

  it('are deleted only before they take effect', async () => {
    const future = monthFrom(thisMonth, 2);
    await save(admin, `offline/${future}`);
    await save(admin, `offline/${thisMonth}`);

    const inEffect = await call(app, 'DELETE', `/api/sales/bonus-schemes/offline/${thisMonth}`, { token: admin });
    expect(inEffect.statusCode).toBe(409);
    expect(inEffect.json().code).toBe('BONUS_SCHEME_IN_EFFECT');

    expect(
      (await call(app, 'DELETE', `/api/sales/bonus-schemes/offline/${future}`, { token: manager })).statusCode,
    ).toBe(403);
    expect((await call(app, 'DELETE', `/api/sales/bonus-schemes/offline/${future}`, { token: admin })).statusCode).toBe(
      204,
    );
    const again = await call(app, 'DELETE', `/api/sales/bonus-schemes/offline/${future}`, { token: admin });
    expect(again.statusCode).toBe(404);
    const [deleted] = await auditOf('bonus_scheme.deleted');
    expect(deleted?.details).toMatchObject({ managementType: 'offline', effectiveFrom: future, after: null });
  });

  it('are changed by administrators only and read by sales staff only', async () => {
    expect((await save(manager, 'offline/2025-05')).statusCode).toBe(403);
    expect((await save(worker, 'offline/2025-05')).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/sales/bonus-schemes', { token: worker })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/sales/bonus-schemes')).statusCode).toBe(401);
  });

  it.each([
    ['thresholds not increasing', { levels: [SCHEME.levels[1], SCHEME.levels[0]] }, 'threshold_not_increasing'],
    ['equal thresholds', { levels: [SCHEME.levels[0], SCHEME.levels[0]] }, 'threshold_not_increasing'],
    ['a threshold of 0', { levels: [{ thresholdPercent: '0', ratePercent: '1' }] }, 'threshold_out_of_range'],
    [
      'a threshold above 1000 %',
      { levels: [{ thresholdPercent: '1000.01', ratePercent: '1' }] },
      'threshold_out_of_range',
    ],
    ['a rate above 100 %', { levels: [{ thresholdPercent: '50', ratePercent: '100.01' }] }, 'rate_out_of_range'],
    ['an accelerator above 100 %', { abovePlanRatePercent: '101' }, 'rate_out_of_range'],
  ])('refuse %s with 400 and a code per field, storing nothing', async (_name, change, code) => {
    const response = await save(admin, 'offline/2030-01', { ...SCHEME, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors.map((error: { code: string }) => error.code)).toContain(code);
    const stored = await queryRows(app.db, sql`select 1 from bonus_scheme_versions where effective_from = '2030-01'`);
    expect(stored).toEqual([]);
  });

  it.each([
    ['an unknown management type', 'remote/2025-01', SCHEME],
    ['a month that does not exist', 'offline/2025-13', SCHEME],
    ['a percentage with three decimals', 'offline/2025-01', { ...SCHEME, abovePlanRatePercent: '1.005' }],
    ['a negative salary', 'offline/2025-01', { ...SCHEME, fixedSalaryMinor: -1 }],
    [
      'a level with a rate and an amount',
      'offline/2025-01',
      { ...SCHEME, levels: [{ thresholdPercent: '1', ratePercent: '1', fixedMinor: 1 }] },
    ],
    ['a field no scheme has', 'offline/2025-01', { ...SCHEME, bonusCap: 1 }],
    ['no body', 'offline/2025-01', undefined],
  ])('refuse %s with 400, never 500', async (_name, path, body) => {
    const response = await call(app, 'PUT', `/api/sales/bonus-schemes/${path}`, { token: admin, body });
    expect(response.statusCode).toBe(400);
  });
});
