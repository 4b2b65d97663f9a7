// The request scenarios of the sales benchmark: the leaderboard over a month, a quarter and a custom range (each
// request a random department and period), the same month asked over and over, and a manager's analytics; each
// checks once afterwards that the figures it was answered with equal sums over the leads themselves.
import type autocannon from 'autocannon';
import { withClient } from '../stock-load/database.js';
import type { Scenario } from '../stock-load/scenarios.js';
import type { SalesData } from './data.js';
import { TIME_ZONE } from './data.js';
import { monthPeriod, type Period, pick, quartersOf, randomRange } from './periods.js';

/** The signed-in administrators: `tokens[i]` works in `data.departments[i]`. */
export type SalesContext = { data: SalesData; tokens: string[]; baseUrl: string; url: string };

/** What one request asks: the department (index), the period, and for analytics the manager. */
type Ask = { department: number; period: Period; managerId?: string };

/** Revenue, won and lost leads summed straight from sales_leads by PRODUCT.md §5's definitions. */
async function fromLeads(url: string, departmentId: string, period: Period, managerId?: string) {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ revenue: string; won: string; lost: string }>(
      `select coalesce(sum(budget_minor) filter (where status_amo_id = 142), 0)::text as revenue,
              count(*) filter (where status_amo_id = 142) as won, count(*) filter (where status_amo_id = 143) as lost
       from sales_leads
       where department_id = $1 and manager_user_id is not null and not deleted and status_amo_id in (142, 143)
         and closed_at >= $2::date::timestamp at time zone $4 and closed_at < ($3::date + 1)::timestamp at time zone $4
         and ($5::uuid is null or manager_user_id = $5::uuid)`,
      [departmentId, period.from, period.to, TIME_ZONE, managerId ?? null],
    );
    const row = rows[0];
    return { revenue: Number(row?.revenue), won: Number(row?.won), lost: Number(row?.lost) };
  });
}

function verdict(label: string, answered: { revenue: number; won: number; lost: number }, summed: typeof answered) {
  const same = answered.revenue === summed.revenue && answered.won === summed.won && answered.lost === summed.lost;
  return `${same ? 'ok' : 'MISMATCH'}: ${label}: answered revenue ${answered.revenue}, won ${answered.won}, lost ${answered.lost}; sales_leads ${summed.revenue}, ${summed.won}, ${summed.lost}`;
}

/** The scenarios in the order they run. */
export function salesScenarios(context: SalesContext): Scenario[] {
  const { data, tokens } = context;
  const departments = data.departments.map((_, index) => index);
  const quarters = quartersOf(data.months);
  const header = (department: number) => ({ authorization: `Bearer ${tokens[department]}` });
  const leaderboardPath = (period?: Period) =>
    period ? `/api/sales/leaderboard?from=${period.from}&to=${period.to}` : '/api/sales/leaderboard';
  const analyticsPath = (ask: Ask) =>
    `/api/sales/analytics?managerId=${ask.managerId}&from=${ask.period.from}&to=${ask.period.to}`;

  /** Requests that each ask `next()`, a fresh random department and period. */
  const varied = (next: () => Ask, path: (ask: Ask) => string) => (): autocannon.Request[] => [
    {
      method: 'GET',
      setupRequest: (request) => {
        const ask = next();
        return { ...request, method: 'GET', path: path(ask), headers: header(ask.department) };
      },
    },
  ];

  /** After a leaderboard scenario: one of its asks answered again, its totals against sums over the leads. */
  const checkLeaderboard = (next: () => Ask, label: string) => async (): Promise<string[]> => {
    const ask = next();
    const department = data.departments[ask.department];
    if (!department) return ['no department'];
    const response = await fetch(`${context.baseUrl}${leaderboardPath(ask.period)}`, {
      headers: header(ask.department),
    });
    if (response.status !== 200) return [`MISMATCH: ${label} check answered ${response.status}`];
    const board = (await response.json()) as {
      from: string;
      to: string;
      rows: { revenueMinor: number; wonLeads: number; lostLeads: number }[];
    };
    const answered = board.rows.reduce(
      (sum, row) => ({
        revenue: sum.revenue + row.revenueMinor,
        won: sum.won + row.wonLeads,
        lost: sum.lost + row.lostLeads,
      }),
      { revenue: 0, won: 0, lost: 0 },
    );
    const summed = await fromLeads(context.url, department.id, { from: board.from, to: board.to });
    return [verdict(`${department.name} ${board.from}..${board.to} (${board.rows.length} rows)`, answered, summed)];
  };

  const randomMonth = (): Ask => ({ department: pick(departments), period: monthPeriod(pick(data.months)) });
  const randomQuarter = (): Ask => ({ department: pick(departments), period: pick(quarters) });
  const randomCustom = (): Ask => ({ department: pick(departments), period: randomRange(data.months, 10, 120) });
  const randomManagerMonth = (): Ask => {
    const department = pick(departments.filter((index) => (data.departments[index]?.managers.length ?? 0) > 0));
    const managers = data.departments[department]?.managers ?? [];
    return { department, period: monthPeriod(pick(data.months)), managerId: pick(managers).id };
  };

  return [
    {
      // The ceiling of the stack here: the bearer token checked against the database, a tiny answer.
      name: 'baseline',
      title: 'GET /api/auth/check (token verified with its one query; no sales query)',
      requests: () => [{ method: 'GET', path: '/api/auth/check', headers: header(0) }],
      warmUp: true,
    },
    {
      name: 'leaderboard-month',
      title: `GET /api/sales/leaderboard?from&to: a random month of ${data.months.length} in a random department of ${departments.length}`,
      requests: varied(randomMonth, (ask) => leaderboardPath(ask.period)),
      after: checkLeaderboard(randomMonth, 'month'),
      warmUp: true,
    },
    {
      name: 'leaderboard-quarter',
      title: `GET /api/sales/leaderboard?from&to: a random quarter of ${quarters.length}, random department`,
      requests: varied(randomQuarter, (ask) => leaderboardPath(ask.period)),
      after: checkLeaderboard(randomQuarter, 'quarter'),
      warmUp: true,
    },
    {
      name: 'leaderboard-range',
      title: 'GET /api/sales/leaderboard?from&to: a random range of 10–120 days, random department',
      requests: varied(randomCustom, (ask) => leaderboardPath(ask.period)),
      after: checkLeaderboard(randomCustom, 'custom range'),
      warmUp: true,
    },
    {
      // What an office's boards and screens ask all day: this month (the default), one department, over and over.
      name: 'leaderboard-hot',
      title: `GET /api/sales/leaderboard (this month, the default) in ${data.departments[0]?.name}, repeatedly`,
      requests: () => [{ method: 'GET', path: leaderboardPath(), headers: header(0) }],
      after: async () => {
        const response = await fetch(`${context.baseUrl}${leaderboardPath()}`, { headers: header(0) });
        const board = (await response.json()) as { from: string; to: string };
        return checkLeaderboard(() => ({ department: 0, period: { from: board.from, to: board.to } }), 'this month')();
      },
      warmUp: true,
    },
    {
      name: 'analytics-month',
      title: 'GET /api/sales/analytics?managerId&from&to: a random manager of a random department, a random month',
      requests: varied(randomManagerMonth, analyticsPath),
      after: async () => {
        const ask = randomManagerMonth();
        const department = data.departments[ask.department];
        if (!department) return ['no department'];
        const response = await fetch(`${context.baseUrl}${analyticsPath(ask)}`, { headers: header(ask.department) });
        if (response.status !== 200) return [`MISMATCH: analytics check answered ${response.status}`];
        const analytics = (await response.json()) as {
          manager: { id: string; name: string } | null;
          kpis: { revenueMinor: number; wonLeads: number; lostLeads: number };
          pipelines: { won: number; lost: number }[];
        };
        const summed = await fromLeads(context.url, department.id, ask.period, ask.managerId);
        const { kpis } = analytics;
        const listed = analytics.pipelines.reduce(
          (sum, pipeline) => ({ won: sum.won + pipeline.won, lost: sum.lost + pipeline.lost }),
          { won: 0, lost: 0 },
        );
        return [
          verdict(
            `${analytics.manager?.name} ${ask.period.from}..${ask.period.to} KPIs`,
            { revenue: kpis.revenueMinor, won: kpis.wonLeads, lost: kpis.lostLeads },
            summed,
          ),
          `${listed.won === summed.won && listed.lost === summed.lost ? 'ok' : 'MISMATCH'}: per-pipeline won ${listed.won}, lost ${listed.lost}`,
        ];
      },
      warmUp: true,
    },
  ];
}
