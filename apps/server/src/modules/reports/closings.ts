import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { FLOWS, movementFigures } from './movement-figures.js';

/**
 * How long after a month's end its closing waits: a posting is stamped with its transaction's start, so one that
 * began before midnight may commit after it. No posting stays open this long (ADR 0044).
 */
const SETTLING_TIME = sql`interval '1 hour'`;

/** The instant a day of the organisation time zone ends: the start of the next one. */
export function endOfDay(date: string, timeZone: string): SQL {
  return sql`((${date}::date + 1)::timestamp at time zone ${timeZone})`;
}

/** The instant a day of the organisation time zone starts. */
export function startOfDay(date: string, timeZone: string): SQL {
  return sql`(${date}::date::timestamp at time zone ${timeZone})`;
}

/**
 * The ends of the months whose closing the department lacks, oldest first: every month from its first movement's to
 * the last one that has settled, after the latest closing it has.
 */
async function missingClosings(db: Executor, departmentId: string, timeZone: string): Promise<string[]> {
  const rows = await queryRows<{ closed_at: Date | string }>(
    db,
    sql`with known as (
          select (select max(closed_at) from stock_closing_months where department_id = ${departmentId}) as latest,
                 (select min(created_at) from movements where department_id = ${departmentId}) as first
        )
        select month_start at time zone ${timeZone} as closed_at
        from known, generate_series(
          date_trunc('month', coalesce(latest, first) at time zone ${timeZone}) + interval '1 month',
          date_trunc('month', (now() - ${SETTLING_TIME}) at time zone ${timeZone}),
          interval '1 month') as month_start
        where first is not null
        order by month_start`,
  );
  return rows.map((row) => new Date(row.closed_at).toISOString());
}

/** The instant of the department's last closing at or before `instant` (null before its first). */
export function lastClosing(departmentId: string, instant: SQL): SQL {
  return sql`(select max(closed_at) from stock_closing_months
              where department_id = ${departmentId} and closed_at <= ${instant})`;
}

/**
 * What made up the department's stock at `instant`, one signed row per component and location: the closing's
 * quantities and the movements posted from the closing until then, each taking its quantity out of `from` and putting
 * it into `to`. Their sum per component and location is the stock then, read from at most a month of the ledger.
 */
export function changesUpTo(departmentId: string, closing: SQL, instant: SQL): SQL {
  const since = sql`created_at >= coalesce(${closing}, '-infinity') and created_at < ${instant}`;
  return sql`select component_id, location_id, quantity from stock_closings
      where department_id = ${departmentId} and closed_at = ${closing}
      union all
      select component_id, to_location_id, quantity from movements
      where department_id = ${departmentId} and to_location_id is not null and ${since}
      union all
      select component_id, from_location_id, -quantity from movements
      where department_id = ${departmentId} and from_location_id is not null and ${since}`;
}

/** Quantity per component and location of the department at `instant` (a timestamptz expression), where not zero. */
export function stockAt(departmentId: string, instant: SQL): SQL {
  return sql`select component_id, location_id, sum(quantity) as quantity
    from (${changesUpTo(departmentId, lastClosing(departmentId, instant), instant)}) changes
    group by component_id, location_id having sum(quantity) <> 0`;
}

const FLOW_COLUMNS = sql.raw(FLOWS.join(', '));
const FLOW_SUMS = sql.raw(FLOWS.map((flow) => `sum(${flow})`).join(', '));

/**
 * The department's flows per component before `instant`, department-wide, as rows to sum: those of the last closing
 * before it and the movements since.
 */
function flowsUpTo(departmentId: string, instant: SQL): SQL {
  const previous = sql`(select max(closed_at) from stock_closing_months
                        where department_id = ${departmentId} and closed_at < ${instant})`;
  return sql`select component_id, ${FLOW_COLUMNS}, movements from stock_closing_flows
      where department_id = ${departmentId} and closed_at = ${previous}
      union all
      select component_id, ${FLOW_COLUMNS}, moves from (${movementFigures(departmentId, previous, instant, {})}) since`;
}

/**
 * Writes the closing at `closedAt` from the one before it and the movements between, unless another request has
 * written it meanwhile: one builder per department at a time, under a transaction-level advisory lock.
 */
async function writeClosing(db: Database, departmentId: string, closedAt: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock_closings'), hashtext(${departmentId}))`);
    const [done] = await queryRows<{ done: boolean }>(
      tx,
      sql`select exists (select 1 from stock_closing_months
                         where department_id = ${departmentId} and closed_at = ${closedAt}::timestamptz) as done`,
    );
    if (done?.done) return;
    await tx.execute(sql`insert into stock_closings (department_id, closed_at, component_id, location_id, quantity)
      select ${departmentId}, ${closedAt}::timestamptz, component_id, location_id, quantity
      from (${stockAt(departmentId, sql`${closedAt}::timestamptz`)}) stock`);
    await tx.execute(sql`insert into stock_closing_flows (department_id, closed_at, component_id, ${FLOW_COLUMNS}, movements)
      select ${departmentId}, ${closedAt}::timestamptz, component_id, ${FLOW_SUMS}, sum(movements)
      from (${flowsUpTo(departmentId, sql`${closedAt}::timestamptz`)}) flows
      group by component_id`);
    await tx.execute(
      sql`insert into stock_closing_months (department_id, closed_at) values (${departmentId}, ${closedAt}::timestamptz)`,
    );
  });
}

/**
 * Drops the department's closings from the first one without flows on: closings an instance of a version before the
 * flows built during a rolling upgrade (migration 0031), and every later one, which was built on top of it. Every
 * closing of this version has flows: the first follows the department's first movement.
 */
async function dropClosingsWithoutFlows(db: Database, departmentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock_closings'), hashtext(${departmentId}))`);
    await tx.execute(sql`with first_without as (
        select min(m.closed_at) as closed_at from stock_closing_months m
        where m.department_id = ${departmentId}
          and not exists (select 1 from stock_closing_flows f
                          where f.department_id = m.department_id and f.closed_at = m.closed_at)
      ), dropped as (
        delete from stock_closing_months m using first_without w
        where m.department_id = ${departmentId} and m.closed_at >= w.closed_at
        returning m.closed_at
      ), quantities as (
        delete from stock_closings s using dropped d
        where s.department_id = ${departmentId} and s.closed_at = d.closed_at
      )
      delete from stock_closing_flows f using dropped d
      where f.department_id = ${departmentId} and f.closed_at = d.closed_at`);
  });
}

/**
 * Builds the department's missing monthly closings, oldest first, each in its own transaction: the first report after
 * a month ends writes one closing; after a bulk load of history, one per month of it.
 */
export async function bringClosingsUpToDate(db: Database, departmentId: string, timeZone: string): Promise<number> {
  await dropClosingsWithoutFlows(db, departmentId);
  const missing = await missingClosings(db, departmentId, timeZone);
  for (const closedAt of missing) await writeClosing(db, departmentId, closedAt);
  // A new closing is an instant the planner's statistics have never seen: without them it takes the month's
  // rows for a handful and joins them row by row (a valuation ran 40 % longer).
  if (missing.length > 0) await db.execute(sql`analyze stock_closings, stock_closing_flows, stock_closing_months`);
  return missing.length;
}
