import type { BonusCalculation, ManagementType, MonthFigures } from '@cm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { salesMonthClosings, salesMonthFigures } from '../../db/schema/index.js';
import { activityByAmoId, daysOfMonth, plansOf, resultsByManager, salesPeople } from '../sales-results/repository.js';

/** A manager's figures of a month before the bonus is computed on them. */
export type ManagerMonth = Omit<MonthFigures, 'calculation'> & { userId: string };

/**
 * The live figures of a department's sales people for a month (PRODUCT.md §5): revenue, won and lost counts from
 * the read model (sales-results) and each one's plan; `userId` narrows them to one.
 */
export async function liveFigures(
  db: Executor,
  scope: { departmentId: string; month: string; userId?: string },
): Promise<ManagerMonth[]> {
  const results = await resultsByManager(db, { ...scope, ...daysOfMonth(scope.month) });
  const people = (await salesPeople(db, scope.departmentId, [...results.keys()])).filter(
    (person) => scope.userId === undefined || person.id === scope.userId,
  );
  const plans = await plansOf(
    db,
    people.map((person) => person.id),
    [scope.month],
  );
  const { from, to } = daysOfMonth(scope.month);
  const activity = await activityByAmoId(
    db,
    people.flatMap((person) => (person.amoId === null ? [] : [person.amoId])),
    from,
    to,
  );
  return people.map((person) => {
    const result = results.get(person.id);
    return {
      userId: person.id,
      name: person.name,
      managementType: person.managementType,
      planMinor: plans.get(person.id)?.get(scope.month) ?? null,
      revenueMinor: result?.revenueMinor ?? 0,
      wonCount: result?.wonCount ?? 0,
      lostCount: result?.lostCount ?? 0,
      callMinutes: Math.round((person.amoId === null ? 0 : (activity.get(person.amoId)?.callSeconds ?? 0)) / 60),
    };
  });
}

export type Closing = { at: Date; by: string | null };

/** The department's closed months among `months`, with when and by whom each was closed. */
export async function closingsOf(db: Executor, departmentId: string, months: string[]): Promise<Map<string, Closing>> {
  if (months.length === 0) return new Map();
  const rows = await queryRows<{ month: string; closed_at: Date | string; closed_by: string | null }>(
    db,
    sql`select c.month, c.closed_at, u.name as closed_by from sales_month_closings c
        left join users u on u.id = c.closed_by
        where c.department_id = ${departmentId}
          and c.month in (${sql.join(
            months.map((month) => sql`${month}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((row) => [row.month, { at: new Date(row.closed_at), by: row.closed_by }]));
}

/** Takes the month's row lock: a close, a reopen and a read for either happen one after another. */
export async function lockClosing(tx: Executor, departmentId: string, month: string): Promise<boolean> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`sales-month:${departmentId}:${month}`}))`);
  const rows = await tx
    .select({ month: salesMonthClosings.month })
    .from(salesMonthClosings)
    .where(and(eq(salesMonthClosings.departmentId, departmentId), eq(salesMonthClosings.month, month)))
    .for('update');
  return rows.length > 0;
}

export type FrozenFigures = MonthFigures & { userId: string; schemeEffectiveFrom: string | null };

/** Freezes a month: its closing and every manager's figures, as computed now. */
export async function storeClosing(
  tx: Executor,
  closing: { departmentId: string; month: string; closedBy: string },
  figures: FrozenFigures[],
): Promise<void> {
  await tx.insert(salesMonthClosings).values(closing);
  if (figures.length === 0) return;
  await tx.insert(salesMonthFigures).values(
    figures.map((figure) => ({
      departmentId: closing.departmentId,
      month: closing.month,
      userId: figure.userId,
      name: figure.name,
      managementType: figure.managementType,
      planMinor: figure.planMinor,
      revenueMinor: figure.revenueMinor,
      wonCount: figure.wonCount,
      lostCount: figure.lostCount,
      callMinutes: figure.callMinutes,
      schemeEffectiveFrom: figure.schemeEffectiveFrom,
      calculation: figure.calculation,
    })),
  );
}

/** Deletes a month's closing and its frozen figures. */
export async function deleteClosing(tx: Executor, departmentId: string, month: string): Promise<void> {
  await tx
    .delete(salesMonthClosings)
    .where(and(eq(salesMonthClosings.departmentId, departmentId), eq(salesMonthClosings.month, month)));
}

/** The frozen figures of a closed month, by manager. */
export async function frozenFigures(db: Executor, departmentId: string, month: string): Promise<FrozenFigures[]> {
  return (await frozenFiguresOfMonths(db, departmentId, [month])).get(month) ?? [];
}

/** The frozen figures of some closed months, by month and then manager. */
export async function frozenFiguresOfMonths(
  db: Executor,
  departmentId: string,
  months: readonly string[],
): Promise<Map<string, FrozenFigures[]>> {
  if (months.length === 0) return new Map();
  const rows = await db
    .select()
    .from(salesMonthFigures)
    .where(and(eq(salesMonthFigures.departmentId, departmentId), inArray(salesMonthFigures.month, [...months])))
    .orderBy(salesMonthFigures.month, sql`lower(${salesMonthFigures.name})`, salesMonthFigures.userId);
  const byMonth = new Map<string, FrozenFigures[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), toFrozen(row)]);
  return byMonth;
}

function toFrozen(row: typeof salesMonthFigures.$inferSelect): FrozenFigures {
  return {
    userId: row.userId,
    name: row.name,
    managementType: row.managementType as ManagementType | null,
    planMinor: row.planMinor,
    revenueMinor: row.revenueMinor,
    wonCount: row.wonCount,
    lostCount: row.lostCount,
    callMinutes: row.callMinutes,
    schemeEffectiveFrom: row.schemeEffectiveFrom,
    calculation: row.calculation as BonusCalculation | null,
  };
}
