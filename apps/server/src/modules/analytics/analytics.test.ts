import type { Analytics, Leaderboard, WonLeadList } from '@cm/contract';
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
let annId: string;
let benId: string;

const PERIOD = '?from=2025-05-01&to=2025-05-31';

/** An instant given as a wall-clock time in Moscow, the organisation's clock in these tests. */
function moscow(local: string): Date {
  return new Date(`${local}+03:00`);
}

async function get<T>(token: string, path: string): Promise<T> {
  const response = await call(app, 'GET', path, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  app = await buildTestApp({ TIME_ZONE: 'Europe/Moscow' });
  await salesSettings(app.db, 'Europe/Moscow');
  const person = async (name: string, amoId: number, departments: string[]) =>
    (
      await upsertUser(app.db, {
        email: `analytics-${amoId}@example.com`,
        name,
        password: 'long-enough-password',
        role: 'manager',
        amoId,
        managementType: 'online',
        departments,
      })
    ).id;
  annId = await person('Ann', 5001, ['Analytics Sales']);
  benId = await person('Ben', 5002, ['Analytics Sales']);
  await person('Far', 5009, ['Far Analytics']);
  admin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Analytics Sales'] })))
    .accessToken;
  farAdmin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Far Analytics'] })))
    .accessToken;
  manager = (await signIn(app, { id: annId, email: 'analytics-5001@example.com', password: 'long-enough-password' }))
    .accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Analytics Sales'] }))).accessToken;
  expect(
    (await call(app, 'PUT', '/api/sales/bonus-schemes/online/2020-01', { token: admin, body: schemeTerms() }))
      .statusCode,
  ).toBe(200);
  await queryRows(
    app.db,
    sql`insert into sales_plans (user_id, month, amount_minor) values (${annId}::uuid, '2025-05', 3100000)`,
  );
  for (const statement of [
    sql`insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive)
        values (${FILE_ACCOUNT_ID}, 1, 'Retail', 1, true, false), (${FILE_ACCOUNT_ID}, 2, 'Wholesale', 2, false, false)`,
    sql`insert into sales_loss_reasons (account_id, amo_id, name, sort)
        values (${FILE_ACCOUNT_ID}, 71, 'Too expensive', 1), (${FILE_ACCOUNT_ID}, 72, 'Went silent', 2)`,
    sql`insert into sales_contacts (account_id, amo_id, name, amo_updated_at)
        values (${FILE_ACCOUNT_ID}, 900, 'Olga', now())`,
  ]) {
    await queryRows(app.db, statement);
  }
  const won = (amoId: number, budgetMinor: number, closedAt: string, createdDaysBefore: number, pipeline = 1) => {
    const lead = closedLead({ amoId, responsible: 5001, budgetMinor, closedAt: moscow(closedAt) });
    return {
      ...lead,
      createdAt: lead.createdAt + 86_400 - createdDaysBefore * 86_400,
      pipelineAmoId: pipeline,
      mainContactAmoId: amoId === 1 ? 900 : null,
      title: amoId === 2 ? '' : `Deal ${amoId}`,
    };
  };
  const lost = (amoId: number, closedAt: string, reason: number | null, pipeline = 1) => ({
    ...closedLead({ amoId, responsible: 5001, budgetMinor: 10_000, closedAt: moscow(closedAt), statusAmoId: 143 }),
    lossReasonAmoId: reason,
    pipelineAmoId: pipeline,
  });
  await storeLeads(app, [
    won(1, 500_000, '2025-05-02T10:00:00', 4),
    won(2, 700_000, '2025-05-13T10:00:00', 10),
    won(3, 300_000, '2025-05-31T23:30:00', 1, 2),
    lost(4, '2025-05-05T10:00:00', 71),
    lost(5, '2025-05-06T10:00:00', 71),
    lost(6, '2025-05-07T10:00:00', null, 2),
    // April, for the period before; and June, outside the period.
    won(7, 250_000, '2025-04-10T10:00:00', 3),
    won(8, 999_999, '2025-06-01T00:30:00', 3),
  ]);
});

describe('analytics', () => {
  it("gives a manager their own figures, equal to the leaderboard's, with the period before", async () => {
    const analytics = await get<Analytics>(manager, `/api/sales/analytics${PERIOD}`);
    const board = await get<Leaderboard>(manager, `/api/sales/leaderboard${PERIOD}`);
    const row = board.rows.find((entry) => entry.userId === annId);
    expect(analytics.managers.map((person) => person.name)).toEqual(['Ann']);
    expect(analytics.kpis).toMatchObject({
      revenueMinor: 1_500_000,
      planMinor: 3_100_000,
      factPlanPercent: '48.38',
      wonLeads: 3,
      lostLeads: 3,
      bonusMinor: row?.bonusMinor,
    });
    expect(analytics.kpis.revenueMinor).toBe(row?.revenueMinor);
    expect(analytics.previous).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(analytics.previousKpis).toMatchObject({ revenueMinor: 250_000, wonLeads: 1 });
  });

  it('sums the trend by week from Monday, each beside its share of the plan', async () => {
    const { trend } = await get<Analytics>(manager, `/api/sales/analytics${PERIOD}`);
    expect(trend.bucket).toBe('week');
    expect(trend.points.map((point) => [point.from, point.to, point.revenueMinor, point.planMinor])).toEqual([
      ['2025-05-01', '2025-05-04', 500_000, 400_000],
      ['2025-05-05', '2025-05-11', 0, 700_000],
      ['2025-05-12', '2025-05-18', 700_000, 700_000],
      ['2025-05-19', '2025-05-25', 0, 700_000],
      ['2025-05-26', '2025-05-31', 300_000, 600_000],
    ]);
  });

  it('explains the lost leads by reason and the closed ones by pipeline', async () => {
    const { unsuccessful, pipelines, averageDaysToAcquisition } = await get<Analytics>(
      manager,
      `/api/sales/analytics${PERIOD}`,
    );
    expect(unsuccessful).toEqual({
      count: 3,
      percent: '50.00',
      averageDaysToFailure: '1.0',
      reasons: [
        { reasonId: 71, name: 'Too expensive', count: 2, sharePercent: '66.67', lostBudgetMinor: 20_000 },
        { reasonId: null, name: null, count: 1, sharePercent: '33.33', lostBudgetMinor: 10_000 },
      ],
    });
    expect(pipelines).toEqual([
      { pipelineId: 1, name: 'Retail', won: 2, lost: 2, conversionPercent: '50.00' },
      { pipelineId: 2, name: 'Wholesale', won: 1, lost: 1, conversionPercent: '50.00' },
    ]);
    // Created 4, 10 and 1 days before winning.
    expect(averageDaysToAcquisition).toBe('5.0');
  });

  it('lists the won leads a page at a time, sorted as asked, and exports them all', async () => {
    const page = await get<WonLeadList>(
      manager,
      `/api/sales/analytics/won-leads${PERIOD}&sort=budget&order=desc&pageSize=10`,
    );
    expect(page.total).toBe(3);
    expect(page.items.map((lead) => [lead.title, lead.contactName, lead.budgetMinor, lead.daysToAcquisition])).toEqual([
      ['', null, 700_000, '10.0'],
      ['Deal 1', 'Olga', 500_000, '4.0'],
      ['Deal 3', null, 300_000, '1.0'],
    ]);
    const beyond = await get<WonLeadList>(manager, `/api/sales/analytics/won-leads${PERIOD}&page=5&pageSize=10`);
    expect(beyond).toMatchObject({ items: [], total: 3 });
    const file = await call(
      app,
      'GET',
      `/api/sales/analytics/won-leads/export${PERIOD}&lang=ru&sort=budget&order=asc`,
      {
        token: manager,
      },
    );
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Название;Контакт;Способ оплаты;Бюджет;Создана;Выиграна;ID воронки;Дней до продажи');
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Deal 3', 'Deal 1', 'Сделка без названия']);
  });

  it("shows administrators their department's managers, and nobody anyone else's", async () => {
    const ben = await get<Analytics>(admin, `/api/sales/analytics${PERIOD}&managerId=${benId}`);
    expect(ben.managers.map((person) => person.name)).toEqual(['Ann', 'Ben']);
    expect(ben).toMatchObject({ manager: { name: 'Ben' }, kpis: { revenueMinor: 0, planMinor: null } });
    expect((await call(app, 'GET', `/api/sales/analytics?managerId=${benId}`, { token: manager })).statusCode).toBe(
      404,
    );
    expect((await call(app, 'GET', `/api/sales/analytics?managerId=${annId}`, { token: farAdmin })).statusCode).toBe(
      404,
    );
    expect(
      (await call(app, 'GET', `/api/sales/analytics/won-leads?managerId=${annId}`, { token: farAdmin })).statusCode,
    ).toBe(404);
    expect((await call(app, 'GET', '/api/sales/analytics', { token: worker })).statusCode).toBe(403);
  });

  it('refuses periods and queries it cannot answer', async () => {
    expect(
      (await call(app, 'GET', '/api/sales/analytics?from=2025-06-01&to=2025-05-01', { token: manager })).json(),
    ).toMatchObject({ code: 'PERIOD_INVALID' });
    for (const query of ['?managerId=nobody', '?from=2025-13-01', '/won-leads?sort=contact', '/won-leads?pageSize=7']) {
      expect((await call(app, 'GET', `/api/sales/analytics${query}`, { token: manager })).statusCode, query).toBe(400);
    }
  });
});
