import type { ManagementType } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { arrayOfBigints, arrayOfUuids } from '../../lib/sql-filters.js';

/**
 * Keys whose changes add up to something: a manager whose leads all moved elsewhere (another department, another
 * manager) has rows that cancel out until housekeeping folds them away, and is no result.
 */
const NOT_NOTHING = sql`having sum(revenue_minor) <> 0 or sum(won_count) <> 0 or sum(lost_count) <> 0`;

/**
 * The month of a row's `day`, to group by: formatted once per group rather than once per row, and as a timestamp
 * without a time zone, which needs no conversion.
 */
const MONTH_OF_DAY = sql`date_trunc('month', day::timestamp)`;

/** Folds the read model's rows (ADR 0032) and the count of its changes (ADR 0033); returns how many rows of the model were folded. */
export async function compactSalesResults(db: Executor): Promise<number> {
  const [row] = await queryRows<{ folded: string }>(db, sql`select sales_daily_results_compact()::text as folded`);
  await db.execute(sql`select sales_figures_changes_compact()`);
  return Number(row?.folded ?? 0);
}

/**
 * How many changes of what the department's sales screens show have committed (ADR 0033): any later commit that
 * could change a leaderboard of the department raises it.
 */
export async function salesFiguresVersion(db: Executor, departmentId: string): Promise<bigint> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select coalesce(sum(changes), 0)::text as version from sales_figures_changes
        where department_id = ${departmentId} or department_id is null`,
  );
  return BigInt(row?.version ?? 0);
}

/** A manager's results over some days: revenue won and leads won and lost (PRODUCT.md §5). */
export type Results = { revenueMinor: number; wonCount: number; lostCount: number };

/** The first and the last day (`YYYY-MM-DD`) of a month (`YYYY-MM`). */
export function daysOfMonth(month: string): { from: string; to: string } {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The results of a department's managers over the days `from` to `to` (both included, on the organisation's
 * clock), from the read model kept by the database (sales_daily_results, ADR 0032); `userId` narrows them to one.
 */
export async function resultsByManager(
  db: Executor,
  scope: { departmentId: string; from: string; to: string; userId?: string },
): Promise<Map<string, Results>> {
  const rows = await queryRows<{ user_id: string; revenue_minor: string; won_count: number; lost_count: number }>(
    db,
    sql`select user_id, sum(revenue_minor)::text as revenue_minor, sum(won_count)::int as won_count,
               sum(lost_count)::int as lost_count
        from sales_daily_results
        where department_id = ${scope.departmentId} and day between ${scope.from}::date and ${scope.to}::date
          ${scope.userId ? sql`and user_id = ${scope.userId}` : sql``}
        group by user_id ${NOT_NOTHING}`,
  );
  return new Map(
    rows.map((row) => [
      row.user_id,
      { revenueMinor: Number(row.revenue_minor), wonCount: Number(row.won_count), lostCount: Number(row.lost_count) },
    ]),
  );
}

/** The results of a department's managers over a period, per manager and month (`YYYY-MM`); `userIds` narrows them. */
export async function resultsByManagerAndMonth(
  db: Executor,
  scope: { departmentId: string; from: string; to: string; userIds?: readonly string[] },
): Promise<Map<string, Map<string, Results>>> {
  const rows = await queryRows<{
    user_id: string;
    month: string;
    revenue_minor: string;
    won_count: number;
    lost_count: number;
  }>(
    db,
    sql`select user_id, to_char(${MONTH_OF_DAY}, 'YYYY-MM') as month, sum(revenue_minor)::text as revenue_minor,
               sum(won_count)::int as won_count, sum(lost_count)::int as lost_count
        from sales_daily_results
        where department_id = ${scope.departmentId} and day between ${scope.from}::date and ${scope.to}::date
          ${scope.userIds ? sql`and user_id = any(${arrayOfUuids(scope.userIds)})` : sql``}
        group by user_id, ${MONTH_OF_DAY} ${NOT_NOTHING}`,
  );
  const byManager = new Map<string, Map<string, Results>>();
  for (const row of rows) {
    const months = byManager.get(row.user_id) ?? new Map<string, Results>();
    months.set(row.month, {
      revenueMinor: Number(row.revenue_minor),
      wonCount: Number(row.won_count),
      lostCount: Number(row.lost_count),
    });
    byManager.set(row.user_id, months);
  }
  return byManager;
}

/** A person the sales screens list: a manager of the department, or anyone whose leads count there. */
export type SalesPerson = {
  id: string;
  name: string;
  amoId: number | null;
  managementType: ManagementType | null;
  active: boolean;
};

/**
 * The department's sales people: its active members with an AMO ID or the manager role, and the users `withIds`
 * (whose results or plans count there, active or not), by name.
 */
export async function salesPeople(
  db: Executor,
  departmentId: string,
  withIds: readonly string[] = [],
): Promise<SalesPerson[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    amo_id: string | number | null;
    management_type: ManagementType | null;
    active: boolean;
  }>(
    db,
    sql`select u.id, u.name, u.amo_id, u.management_type, u.status = 'active' as active from users u
        where u.id = any(${arrayOfUuids(withIds)})
           or (u.status = 'active' and (u.amo_id is not null or u.role = 'manager')
               and exists (select 1 from user_departments d where d.user_id = u.id and d.department_id = ${departmentId}))
        order by lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    amoId: row.amo_id === null ? null : Number(row.amo_id),
    managementType: row.management_type,
    active: row.active,
  }));
}

/** Monthly plans of some people for some months: user → month → amount in minor units. */
export async function plansOf(
  db: Executor,
  userIds: readonly string[],
  months: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const rows = await queryRows<{ user_id: string; month: string; amount_minor: string | number }>(
    db,
    sql`select user_id, month, amount_minor from sales_plans
        where user_id = any(${arrayOfUuids(userIds)}) and month = any(${sql`array[${sql.join(
          months.map((month) => sql`${month}::text`),
          sql`, `,
        )}]::text[]`})`,
  );
  const byUser = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const months = byUser.get(row.user_id) ?? new Map<string, number>();
    months.set(row.month, Number(row.amount_minor));
    byUser.set(row.user_id, months);
  }
  return byUser;
}

/** A manager's calls and outgoing messages over some days. */
export type Activity = { callSeconds: number; messages: number };

/**
 * Calls and messages of some managers (by AMO ID, over every account) in the days `from` to `to`, both included:
 * kept per day by the sync and the activity import (sales_manager_activity).
 */
export async function activityByAmoId(
  db: Executor,
  amoIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Activity>> {
  const rows = await queryRows<{ manager_amo_id: string | number; call_seconds: string; messages: string }>(
    db,
    sql`select manager_amo_id, sum(call_seconds)::text as call_seconds, sum(messages)::text as messages
        from sales_manager_activity
        where manager_amo_id = any(${arrayOfBigints(amoIds)}) and day between ${from}::date and ${to}::date
        group by manager_amo_id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.manager_amo_id),
      { callSeconds: Number(row.call_seconds), messages: Number(row.messages) },
    ]),
  );
}

/** Calls and messages of some managers (by AMO ID) per month (`YYYY-MM`) in the days `from` to `to`. */
export async function activityByAmoIdAndMonth(
  db: Executor,
  amoIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, Activity>>> {
  const rows = await queryRows<{
    manager_amo_id: string | number;
    month: string;
    call_seconds: string;
    messages: string;
  }>(
    db,
    sql`select manager_amo_id, to_char(${MONTH_OF_DAY}, 'YYYY-MM') as month,
               sum(call_seconds)::text as call_seconds, sum(messages)::text as messages
        from sales_manager_activity
        where manager_amo_id = any(${arrayOfBigints(amoIds)}) and day between ${from}::date and ${to}::date
        group by manager_amo_id, ${MONTH_OF_DAY}`,
  );
  const byAmoId = new Map<number, Map<string, Activity>>();
  for (const row of rows) {
    const months = byAmoId.get(Number(row.manager_amo_id)) ?? new Map<string, Activity>();
    months.set(row.month, { callSeconds: Number(row.call_seconds), messages: Number(row.messages) });
    byAmoId.set(Number(row.manager_amo_id), months);
  }
  return byAmoId;
}
