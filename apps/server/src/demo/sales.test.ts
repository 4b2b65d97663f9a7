import {
  AMO_LOST_STATUS_ID,
  AMO_WON_STATUS_ID,
  type LoginResponse,
  type PlanGrid,
  type SalesSettings,
} from '@cm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { type Executor, queryRows } from '../db/client.js';
import { FILE_ACCOUNT_ID } from '../db/schema/sales.js';
import { missingMainContacts, unmatchedResponsibleUsers } from '../modules/sales-sync/leads.js';
import { DEMO_SALES_MANAGERS } from './sales/team.js';
import { DEMO_PASSWORD, seedDemoData } from './seed.js';

const app = await buildTestApp();
/** A second database, seeded at the same moment. */
const other = await createTestDatabase();
afterAll(() => other.close());
let seededAt: number;
let timeZone: string;

/** Seeds with the clock stopped at `at`, so that two seeds can be compared. */
async function seedAt(db: Parameters<typeof seedDemoData>[0], at: number) {
  vi.useFakeTimers({ now: at, toFake: ['Date'] });
  try {
    return await seedDemoData(db, 'Europe/Moscow');
  } finally {
    vi.useRealTimers();
  }
}

beforeAll(async () => {
  seededAt = Date.now();
  expect(await seedAt(app.db, seededAt)).not.toBeNull();
  const [settings] = await queryRows<{ time_zone: string }>(app.db, sql`select time_zone from sales_settings`);
  timeZone = settings?.time_zone ?? '';
});

async function count(query: ReturnType<typeof sql>, db: Executor = app.db): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(db, query);
  return Number(row?.count ?? Number.NaN);
}

async function signIn(email: string): Promise<string> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json<LoginResponse>().accessToken;
}

/** `YYYY-MM` of the month `offset` months from the seed's month, in the organisation's time zone. */
function monthFrom(offset: number): string {
  const [year = 0, month = 0] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(seededAt)
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 7);
}

const TEAM = [1001, ...DEMO_SALES_MANAGERS.map((manager) => manager.amoId as number)];
/** The eleven full months before the seed's month, oldest first. */
function fullMonths(): string[] {
  return Array.from({ length: 11 }, (_, index) => monthFrom(index - 11));
}

type MonthFact = { amoId: number; department: string; month: string; revenue: number; plan: number };

/** Revenue (won budgets closed in the month, in the organisation's time zone) and plan per manager and month. */
async function monthFacts(): Promise<MonthFact[]> {
  const rows = await queryRows<{
    amo_id: string | number;
    department: string;
    month: string;
    revenue: string | number;
    plan: string | number | null;
  }>(
    app.db,
    sql`select u.amo_id, d.name as department, to_char(l.closed_at at time zone s.time_zone, 'YYYY-MM') as month,
               sum(l.budget_minor) as revenue, p.amount_minor as plan
        from sales_leads l
        join users u on u.id = l.manager_user_id
        join departments d on d.id = l.department_id
        cross join sales_settings s
        left join sales_plans p on p.user_id = u.id and p.month = to_char(l.closed_at at time zone s.time_zone, 'YYYY-MM')
        where l.account_id = ${FILE_ACCOUNT_ID} and l.status_amo_id = ${AMO_WON_STATUS_ID}
        group by 1, 2, 3, 5`,
  );
  return rows.map((row) => ({
    amoId: Number(row.amo_id),
    department: row.department,
    month: row.month,
    revenue: Number(row.revenue),
    plan: Number(row.plan ?? Number.NaN),
  }));
}

describe('the demo sales team', () => {
  it('has managers with distinct AMO IDs and management types in both sales departments, who can sign in', async () => {
    const rows = await queryRows<{ amo_id: string | number; management_type: string | null; departments: string }>(
      app.db,
      sql`select u.amo_id, u.management_type, string_agg(d.name, ', ' order by d.name) as departments
          from users u join user_departments ud on ud.user_id = u.id join departments d on d.id = ud.department_id
          where u.role = 'manager' group by u.id`,
    );
    expect(rows.map((row) => Number(row.amo_id)).sort()).toEqual([...TEAM].sort());
    expect(rows.every((row) => row.management_type !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.management_type))).toEqual(new Set(['offline', 'online', 'hybrid']));
    expect(rows.filter((row) => row.departments.includes('Moscow Sales')).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => row.departments.includes('Online Sales')).length).toBeGreaterThanOrEqual(4);
    await signIn('natalia.kozlova@example.com');
  });

  it('leaves the amoCRM connection empty and counts in Moscow time and roubles', async () => {
    const admin = await signIn('admin@example.com');
    const response = await call(app, 'GET', '/api/sales/settings', { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json<SalesSettings>()).toMatchObject({
      subdomain: null,
      tokenSet: false,
      accountId: null,
      includedPipelineIds: [],
      timeZone: 'Europe/Moscow',
      currency: 'RUB',
      lastRun: null,
    });
  });
});

describe('the demo leads', () => {
  it('have the manager and department the sync would give them: the AMO ID owner and their oldest department', async () => {
    const mismatches = await count(sql`
      select count(*) from sales_leads l
      left join users u on u.amo_id = l.responsible_amo_user_id
      where l.manager_user_id is distinct from u.id
         or l.department_id is distinct from (
              select ud.department_id from user_departments ud join departments d on d.id = ud.department_id
              where ud.user_id = u.id order by d.created_at, d.id limit 1)`);
    expect(mismatches).toBe(0);
    expect(await count(sql`select count(*) from sales_leads where account_id <> ${FILE_ACCOUNT_ID}`)).toBe(0);
    // Maxim Petrov belongs to both sales departments; his leads count in Moscow Sales, every seed.
    const departments = await queryRows<{ name: string }>(
      app.db,
      sql`select distinct d.name from sales_leads l join departments d on d.id = l.department_id
          where l.responsible_amo_user_id = 1001`,
    );
    expect(departments.map((row) => row.name)).toEqual(['Moscow Sales']);
    expect(await unmatchedResponsibleUsers(app.db, FILE_ACCOUNT_ID)).toEqual([1090, 1091]);
    expect(await count(sql`select count(*) from sales_leads where manager_user_id is null`)).toBeGreaterThan(20);
  });

  it('are won with a budget and a closing time, lost with a reason, or open in a stage of their pipeline', async () => {
    const now = Date.now();
    const rows = await queryRows<{
      status: string | number;
      budget: string | number;
      created: Date | string;
      closed: Date | string | null;
      reason: string | null;
      stage_type: number | null;
    }>(
      app.db,
      sql`select l.status_amo_id as status, l.budget_minor as budget, l.amo_created_at as created, l.closed_at as closed,
                 r.name as reason, st.type as stage_type
          from sales_leads l
          left join sales_loss_reasons r on r.account_id = l.account_id and r.amo_id = l.loss_reason_amo_id
          left join sales_pipeline_statuses st
            on st.account_id = l.account_id and st.pipeline_amo_id = l.pipeline_amo_id and st.amo_id = l.status_amo_id`,
    );
    expect(rows.length).toBeGreaterThan(2000);
    const time = (value: Date | string | null) => (value === null ? Number.NaN : new Date(value).getTime());
    const won = rows.filter((row) => Number(row.status) === AMO_WON_STATUS_ID);
    const lost = rows.filter((row) => Number(row.status) === AMO_LOST_STATUS_ID);
    const open = rows.filter((row) => row.closed === null);
    expect(won.length).toBeGreaterThan(500);
    expect(lost.length).toBeGreaterThan(won.length * 0.8);
    expect(open.length).toBeGreaterThan(50);
    expect(won.length + lost.length + open.length).toBe(rows.length);
    expect(rows.every((row) => row.stage_type !== null)).toBe(true);
    expect(
      won.every((row) => row.closed !== null && Number(row.budget) >= 20_000_00 && Number(row.budget) <= 900_000_00),
    ).toBe(true);
    expect(lost.every((row) => row.closed !== null && row.reason !== null)).toBe(true);
    expect(new Set(lost.map((row) => row.reason)).size).toBeGreaterThanOrEqual(5);
    expect(open.every((row) => row.reason === null)).toBe(true);
    expect(open.some((row) => row.stage_type === 1)).toBe(true);
    expect(rows.every((row) => Number(row.budget) >= 0 && time(row.created) <= now)).toBe(true);
    const closed = [...won, ...lost];
    expect(closed.every((row) => time(row.created) <= time(row.closed) && time(row.closed) <= now)).toBe(true);
    const days = closed.map((row) => (time(row.closed) - time(row.created)) / 86_400_000).sort((a, b) => a - b);
    expect(days[Math.floor(days.length / 2)]).toBeGreaterThan(2);
    expect(days[Math.floor(days.length / 2)]).toBeLessThan(30);
    expect(days.at(-1)).toBeLessThanOrEqual(121);
  });

  it('close in working hours of the organisation’s time zone', async () => {
    const outside = await count(sql`
      select count(*) from sales_leads l cross join sales_settings s
      where l.closed_at is not null and extract(hour from l.closed_at at time zone s.time_zone) not between 9 and 19`);
    expect(outside).toBe(0);
  });

  it('come with titles, contacts and payment methods, and now and then without', async () => {
    expect(await count(sql`select count(*) from sales_leads where title = ''`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from sales_leads where title <> ''`)).toBeGreaterThan(1000);
    expect(await count(sql`select count(*) from sales_leads where main_contact_amo_id is null`)).toBeGreaterThan(0);
    expect(await missingMainContacts(app.db, FILE_ACCOUNT_ID)).toEqual([]);
    expect(await count(sql`select count(*) from sales_contacts where name = ''`)).toBe(0);
    const methods = await queryRows<{ payment_method: string }>(
      app.db,
      sql`select distinct payment_method from sales_leads where payment_method is not null order by 1`,
    );
    expect(methods.map((row) => row.payment_method)).toEqual(['Bank transfer', 'Card', 'Cash', 'Instalments']);
    expect(
      await count(
        sql`select count(*) from sales_leads where status_amo_id = ${AMO_WON_STATUS_ID} and payment_method is null`,
      ),
    ).toBeGreaterThan(0);
    const pipelines = await count(sql`select count(distinct pipeline_amo_id) from sales_leads`);
    expect(pipelines).toBe(2);
  });
});

describe('the demo months', () => {
  it('cover every month of the last year for every manager, with revenue that varies', async () => {
    const facts = await monthFacts();
    for (const amoId of TEAM) {
      const months = facts.filter((fact) => fact.amoId === amoId);
      expect(
        months
          .map((fact) => fact.month)
          .filter((month) => fullMonths().includes(month))
          .sort(),
        String(amoId),
      ).toEqual(fullMonths());
      expect(
        months.every((fact) => fact.month <= monthFrom(0) && fact.month >= monthFrom(-11)),
        String(amoId),
      ).toBe(true);
      expect(new Set(months.map((fact) => fact.revenue)).size, String(amoId)).toBeGreaterThan(8);
      expect(
        months.every((fact) => fact.plan > 0),
        String(amoId),
      ).toBe(true);
    }
  });

  it('put some managers above plan and some below last month, one in the 120 % club and one on a streak', async () => {
    const facts = (await monthFacts()).filter((fact) => fullMonths().includes(fact.month));
    const ratio = (fact: MonthFact) => fact.revenue / fact.plan;
    const lastMonth = facts.filter((fact) => fact.month === monthFrom(-1));
    expect(lastMonth.some((fact) => ratio(fact) >= 1)).toBe(true);
    expect(lastMonth.some((fact) => ratio(fact) < 1)).toBe(true);
    expect(facts.some((fact) => ratio(fact) >= 1.2)).toBe(true);
    const longestStreak = Math.max(
      ...TEAM.map((amoId) => {
        let streak = 0;
        let longest = 0;
        for (const month of fullMonths()) {
          const fact = facts.find((candidate) => candidate.amoId === amoId && candidate.month === month);
          streak = fact && ratio(fact) >= 1 ? streak + 1 : 0;
          longest = Math.max(longest, streak);
        }
        return longest;
      }),
    );
    expect(longestStreak).toBeGreaterThanOrEqual(3);
  });

  it('rank Maxim Petrov among the best of Moscow Sales, first in some months and not in others', async () => {
    const facts = (await monthFacts()).filter(
      (fact) => fact.department === 'Moscow Sales' && fullMonths().includes(fact.month),
    );
    const ranks = fullMonths().map((month) => {
      const ranking = facts.filter((fact) => fact.month === month).sort((a, b) => b.revenue - a.revenue);
      return ranking.findIndex((fact) => fact.amoId === 1001) + 1;
    });
    expect(ranks.every((rank) => rank >= 1)).toBe(true);
    expect(ranks.filter((rank) => rank === 1).length).toBeGreaterThanOrEqual(1);
    expect(ranks.filter((rank) => rank > 1).length).toBeGreaterThanOrEqual(1);
    expect(ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length).toBeLessThanOrEqual(3);
  });

  it('have a plan for every manager from the first month to the next one, on the plans grid', async () => {
    const rows = await queryRows<{ amo_id: string | number; months: string[]; amounts: number }>(
      app.db,
      sql`select u.amo_id, array_agg(p.month order by p.month) as months, count(*) filter (where p.amount_minor > 0) as amounts
          from sales_plans p join users u on u.id = p.user_id group by u.amo_id`,
    );
    const expected = Array.from({ length: 13 }, (_, index) => monthFrom(index - 11));
    expect(rows.map((row) => Number(row.amo_id)).sort()).toEqual([...TEAM].sort());
    for (const row of rows) {
      expect(row.months, String(row.amo_id)).toEqual(expected);
      expect(Number(row.amounts), String(row.amo_id)).toBe(13);
    }
    const me = await call(app, 'POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    const moscow = me.json<LoginResponse>().user.departments.find((department) => department.name === 'Moscow Sales');
    // Plans are a department's: the administrator works in Moscow Sales to see Anna's.
    const switched = await call(app, 'POST', '/api/auth/department/switch', {
      token: me.json<LoginResponse>().accessToken,
      body: { newDepartment: moscow?.id },
    });
    const admin = switched.json<LoginResponse>().accessToken;
    const year = Number(monthFrom(1).slice(0, 4));
    const grid = await call(app, 'GET', `/api/sales/plans?year=${year}`, { token: admin });
    expect(grid.statusCode).toBe(200);
    const anna = grid.json<PlanGrid>().managers.find((manager) => manager.name === 'Anna Kuznetsova');
    expect(anna?.amounts[Number(monthFrom(1).slice(5)) - 1]).toBeGreaterThan(0);
  });
});

describe('the demo activity', () => {
  it('has calls, call minutes and messages on working days, far fewer on weekends, up to today', async () => {
    const rows = await queryRows<{
      manager_amo_id: string | number;
      weekdays: string | number;
      weekday_calls: string | number;
      weekend_calls: string | number | null;
      negative: string | number;
      first: string;
      last: string;
    }>(
      app.db,
      sql`select manager_amo_id,
                 count(*) filter (where extract(isodow from day) < 6) as weekdays,
                 avg(calls) filter (where extract(isodow from day) < 6) as weekday_calls,
                 avg(calls) filter (where extract(isodow from day) >= 6) as weekend_calls,
                 count(*) filter (where calls < 0 or call_seconds < 0 or messages < 0 or calls + messages = 0) as negative,
                 to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
          from sales_manager_activity where account_id = ${FILE_ACCOUNT_ID} group by 1`,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(seededAt);
    for (const amoId of TEAM) {
      const row = rows.find((candidate) => Number(candidate.manager_amo_id) === amoId);
      expect(Number(row?.weekdays), String(amoId)).toBeGreaterThan(200);
      expect(Number(row?.weekend_calls ?? 0), String(amoId)).toBeLessThan(Number(row?.weekday_calls) / 3);
      expect(Number(row?.negative), String(amoId)).toBe(0);
      expect(row?.first.slice(0, 7), String(amoId)).toBe(monthFrom(-11));
      expect(row?.last.localeCompare(today), String(amoId)).toBeLessThanOrEqual(0);
    }
    const minutes = await queryRows<{ minutes: string }>(
      app.db,
      sql`select sum(call_minutes)::text as minutes from sales_manager_activity where manager_amo_id = 1001`,
    );
    expect(Number(minutes[0]?.minutes)).toBeGreaterThan(10_000);
  });
});

describe('the demo seed', () => {
  beforeAll(async () => {
    expect(await seedAt(other.db, seededAt)).not.toBeNull();
  });

  it('writes the same sales data every time for the same moment', async () => {
    const fingerprint = (db: Executor) =>
      queryRows<{ digest: string }>(
        db,
        sql`select md5(string_agg(concat_ws('|', amo_id, title, main_contact_amo_id, payment_method, budget_minor,
                    amo_created_at, closed_at, pipeline_amo_id, status_amo_id, loss_reason_amo_id, responsible_amo_user_id,
                    amo_updated_at), ',' order by amo_id)) as digest
            from sales_leads
            union all
            select md5(string_agg(concat_ws('|', manager_amo_id, day, calls, call_seconds, messages), ','
                       order by manager_amo_id, day))
            from sales_manager_activity
            union all
            select md5(string_agg(concat_ws('|', u.amo_id, p.month, p.amount_minor), ',' order by u.amo_id, p.month))
            from sales_plans p join users u on u.id = p.user_id`,
      );
    expect(await fingerprint(other.db)).toEqual(await fingerprint(app.db));
  });

  it('is refused a second time: the database has users, and nothing changes', async () => {
    const before = await count(sql`select count(*) from sales_leads`);
    expect(await seedDemoData(app.db, app.config.timeZone)).toBeNull();
    expect(await count(sql`select count(*) from sales_leads`)).toBe(before);
  });
});
