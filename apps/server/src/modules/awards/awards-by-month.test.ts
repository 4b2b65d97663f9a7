import type { AwardList, Leaderboard } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, midMonth, storeLeads } from '../../../test/sales-fixtures.js';
import { queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/index.js';
import { salesSettings } from '../sales-sync/settings.js';
import { upsertUser } from '../users/service.js';

let app: FastifyInstance;
let admin: string;
let worker: string;
const ids: Record<string, string> = {};

async function awards(query: string): Promise<string[]> {
  const response = await call(app, 'GET', `/api/sales/awards${query}`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  const name = (userId: string) => Object.entries(ids).find(([, id]) => id === userId)?.[0];
  return (response.json() as AwardList).items.map(
    (award) =>
      `${award.month} ${name(award.userId)} ${award.code}${award.streakMonths ? ` ${award.streakMonths}` : ''}${award.provisional ? ' (provisional)' : ''}`,
  );
}

beforeAll(async () => {
  app = await buildTestApp();
  await salesSettings(app.db, 'Europe/Moscow');
  for (const [name, amoId] of [
    ['Ann', 3001],
    ['Ben', 3002],
  ] as const) {
    ids[name] = (
      await upsertUser(app.db, {
        email: `awards-${amoId}@example.com`,
        name,
        password: 'long-enough-password',
        role: 'manager',
        amoId,
        departments: ['Award Sales'],
      })
    ).id;
  }
  admin = (await signIn(app, await createUser(app, { role: 'administrator', departments: ['Award Sales'] })))
    .accessToken;
  worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Award Sales'] }))).accessToken;
  const months = ['2025-01', '2025-02', '2025-03', '2025-04'];
  for (const month of months) {
    await queryRows(
      app.db,
      sql`insert into sales_plans (user_id, month, amount_minor) values (${ids.Ann}::uuid, ${month}, 1000)`,
    );
  }
  await queryRows(
    app.db,
    sql`insert into sales_plans (user_id, month, amount_minor) values (${ids.Ben}::uuid, '2025-03', 500)`,
  );
  await storeLeads(app, [
    closedLead({ amoId: 1, responsible: 3001, budgetMinor: 1000, closedAt: midMonth('2025-01') }),
    closedLead({ amoId: 2, responsible: 3001, budgetMinor: 1200, closedAt: midMonth('2025-02') }),
    closedLead({ amoId: 3, responsible: 3001, budgetMinor: 1000, closedAt: midMonth('2025-03') }),
    closedLead({ amoId: 4, responsible: 3002, budgetMinor: 300, closedAt: midMonth('2025-03') }),
    closedLead({ amoId: 5, responsible: 3002, budgetMinor: 300, closedAt: midMonth('2025-03') }),
    closedLead({ amoId: 6, responsible: 3001, budgetMinor: 500, closedAt: midMonth('2025-04') }),
  ]);
  await queryRows(
    app.db,
    sql`insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
        values (${FILE_ACCOUNT_ID}, 3002, '2025-03-10', 5, 900, 0)`,
  );
});

describe('awards', () => {
  it('are given per month, a streak from the third month at plan, open months provisional', async () => {
    expect(await awards('?from=2025-03&to=2025-04')).toEqual([
      // Ann: 100 % for the third month in a row and the top revenue; Ben: 600 of 500 (120 %), most won and minutes.
      '2025-03 Ann planAchieved (provisional)',
      '2025-03 Ann streak 3 (provisional)',
      '2025-03 Ben planAchieved (provisional)',
      '2025-03 Ben club120 (provisional)',
      '2025-03 Ann topRevenue (provisional)',
      '2025-03 Ben mostWon (provisional)',
      '2025-03 Ben mostCallMinutes (provisional)',
      '2025-04 Ann topRevenue (provisional)',
      '2025-04 Ann mostWon (provisional)',
    ]);
  });

  it("of a closed month never change with a later edit, and show on that month's leaderboard", async () => {
    expect((await call(app, 'POST', '/api/sales/months/2025-03/close', { token: admin })).statusCode).toBe(200);
    // A lead won late makes Ben March's top revenue in the leads, not in the closed month.
    await storeLeads(app, [
      closedLead({ amoId: 7, responsible: 3002, budgetMinor: 5000, closedAt: midMonth('2025-03') }),
    ]);
    expect(await awards(`?from=2025-03&to=2025-03&userId=${ids.Ann}`)).toEqual([
      '2025-03 Ann planAchieved',
      '2025-03 Ann streak 3',
      '2025-03 Ann topRevenue',
    ]);
    const march = await call(app, 'GET', '/api/sales/leaderboard?from=2025-03-01&to=2025-03-31', { token: admin });
    const rows = (march.json() as Leaderboard).rows.map((row) => [row.name, row.awards]);
    expect(rows).toContainEqual(['Ann', ['planAchieved', 'streak', 'topRevenue']]);
    const week = await call(app, 'GET', '/api/sales/leaderboard?from=2025-03-03&to=2025-03-09', { token: admin });
    expect((week.json() as Leaderboard).rows.every((row) => row.awards.length === 0)).toBe(true);
  });

  it('count a streak as far back as it runs, up to two years, whoever else is on one', async () => {
    const streakAdmin = (
      await signIn(app, await createUser(app, { role: 'administrator', departments: ['Streak Sales'] }))
    ).accessToken;
    const monthsUpTo = (count: number) =>
      Array.from({ length: count }, (_, index) => {
        const month = new Date(Date.UTC(2025, 2 - count + 1 + index, 1));
        return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
      });
    // At plan in a row up to 2025-03: Cleo sixteen months (more than either shorter look-back holds), Dan four (one
    // more than the first), Eve two (no streak).
    const atPlan = { Cleo: monthsUpTo(16), Dan: monthsUpTo(4), Eve: monthsUpTo(2) };
    let amoLead = 100;
    for (const [index, [name, months]] of Object.entries(atPlan).entries()) {
      const amoId = 3003 + index;
      const person = await upsertUser(app.db, {
        email: `awards-${amoId}@example.com`,
        name,
        password: 'long-enough-password',
        role: 'manager',
        amoId,
        departments: ['Streak Sales'],
      });
      ids[name] = person.id;
      for (const month of months) {
        await queryRows(
          app.db,
          sql`insert into sales_plans (user_id, month, amount_minor) values (${person.id}::uuid, ${month}, 1000)`,
        );
      }
      await storeLeads(
        app,
        months.map((month) =>
          closedLead({ amoId: amoLead++, responsible: amoId, budgetMinor: 1000, closedAt: midMonth(month) }),
        ),
      );
    }
    const response = await call(app, 'GET', '/api/sales/awards?from=2025-03&to=2025-03', { token: streakAdmin });
    const streaks = (response.json() as AwardList).items
      .filter((award) => award.code === 'streak')
      .map((award) => [Object.entries(ids).find(([, id]) => id === award.userId)?.[0], award.streakMonths]);
    expect(streaks).toEqual([
      ['Cleo', 16],
      ['Dan', 4],
    ]);
  });

  it('are for sales staff, over at most 24 months', async () => {
    expect((await call(app, 'GET', '/api/sales/awards', { token: worker })).statusCode).toBe(403);
    const tooLong = await call(app, 'GET', '/api/sales/awards?from=2023-01&to=2025-01', { token: admin });
    expect(tooLong.statusCode).toBe(422);
    expect((await call(app, 'GET', '/api/sales/awards?from=2025-13', { token: admin })).statusCode).toBe(400);
  });
});
