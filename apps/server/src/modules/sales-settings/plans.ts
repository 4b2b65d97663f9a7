import type { FieldError, PlanCopyRequest, PlanGrid, PlansUpdateRequest, Role } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

/** Who can have a plan: active users with an AMO ID or the manager role, or anyone who already has a plan. */
const PLANNABLE = sql`(u.amo_id is not null or u.role = 'manager')`;

/** Plans are a department's (PRODUCT.md §2): its members only, the current department of the caller. */
function memberOf(departmentId: string, user = sql`u.id`) {
  return sql`exists (select 1 from user_departments d where d.user_id = ${user} and d.department_id = ${departmentId})`;
}

function monthsOf(year: number): string[] {
  return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
}

/** The plans grid of a year: the department's managers × 12 months, a null where no plan is set. */
export async function planGrid(db: Executor, departmentId: string, year: number, currency: string): Promise<PlanGrid> {
  const months = monthsOf(year);
  const managers = await queryRows<{
    id: string;
    name: string;
    role: Role;
    amo_id: string | number | null;
    active: boolean;
  }>(
    db,
    sql`select u.id, u.name, u.role, u.amo_id, u.status = 'active' as active from users u
        where ${memberOf(departmentId)}
          and ((u.status = 'active' and ${PLANNABLE})
            or exists (select 1 from sales_plans p where p.user_id = u.id and p.month like ${`${year}-%`}))
        order by lower(u.name), u.id`,
  );
  const plans = await queryRows<{ user_id: string; month: string; amount_minor: string | number }>(
    db,
    sql`select user_id, month, amount_minor from sales_plans where month like ${`${year}-%`}`,
  );
  const amounts = new Map(plans.map((plan) => [`${plan.user_id}:${plan.month}`, Number(plan.amount_minor)]));
  return {
    year,
    currency,
    months,
    managers: managers.map((manager) => ({
      userId: manager.id,
      name: manager.name,
      role: manager.role,
      amoId: manager.amo_id === null ? null : Number(manager.amo_id),
      active: manager.active,
      amounts: months.map((month) => amounts.get(`${manager.id}:${month}`) ?? null),
    })),
  };
}

/**
 * Sets or removes plans, all or none. Every user must be one the department's grid lists (a manager or a
 * user with an AMO ID who is a member); a later entry for the same manager and month wins over an earlier one.
 */
export async function savePlans(
  db: Database,
  departmentId: string,
  request: PlansUpdateRequest,
  updatedBy: string,
): Promise<{ saved: number; removed: number }> {
  const entries = [...new Map(request.items.map((item) => [`${item.userId}:${item.month}`, item])).values()];
  const userIds = [...new Set(entries.map((entry) => entry.userId))];
  return db.transaction(async (tx) => {
    const known = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from users u where ${PLANNABLE} and ${memberOf(departmentId)} and u.id in (${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const plannable = new Set(known.map((row) => row.id));
    const errors: FieldError[] = request.items.flatMap((item, index) =>
      plannable.has(item.userId)
        ? []
        : [{ path: `body.items.${index}.userId`, message: 'No manager with this id', code: 'unknown_manager' }],
    );
    if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });

    const toSave = entries.filter((entry) => entry.amountMinor !== null);
    const toRemove = entries.filter((entry) => entry.amountMinor === null);
    if (toSave.length > 0) {
      await queryRows(
        tx,
        sql`insert into sales_plans (user_id, month, amount_minor, updated_by)
            values ${sql.join(
              toSave.map(
                (entry) =>
                  sql`(${entry.userId}::uuid, ${entry.month}, ${entry.amountMinor}::bigint, ${updatedBy}::uuid)`,
              ),
              sql`, `,
            )}
            on conflict (user_id, month) do update set amount_minor = excluded.amount_minor,
              updated_by = excluded.updated_by, updated_at = now()
            where sales_plans.amount_minor is distinct from excluded.amount_minor`,
      );
    }
    let removed = 0;
    if (toRemove.length > 0) {
      const rows = await queryRows(
        tx,
        sql`delete from sales_plans where (user_id, month) in (${sql.join(
          toRemove.map((entry) => sql`(${entry.userId}::uuid, ${entry.month})`),
          sql`, `,
        )}) returning user_id`,
      );
      removed = rows.length;
    }
    return { saved: toSave.length, removed };
  });
}

/**
 * Copies the plans of the department's members from one month to another; existing plans of the target
 * month are kept unless `overwrite`.
 */
export async function copyPlans(
  db: Executor,
  departmentId: string,
  request: z.output<typeof PlanCopyRequest>,
  updatedBy: string,
): Promise<{ copied: number; skipped: number }> {
  if (request.fromMonth === request.toMonth) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'body.toMonth', message: 'Choose a month other than the source month', code: 'same_month' }],
    });
  }
  const [source] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from sales_plans p where p.month = ${request.fromMonth} and ${memberOf(departmentId, sql`p.user_id`)}`,
  );
  const copied = await queryRows(
    db,
    sql`insert into sales_plans (user_id, month, amount_minor, updated_by)
        select p.user_id, ${request.toMonth}, p.amount_minor, ${updatedBy}::uuid from sales_plans p
        where p.month = ${request.fromMonth} and ${memberOf(departmentId, sql`p.user_id`)}
        on conflict (user_id, month) do ${
          request.overwrite
            ? sql`update set amount_minor = excluded.amount_minor, updated_by = excluded.updated_by, updated_at = now()`
            : sql`nothing`
        }
        returning user_id`,
  );
  return { copied: copied.length, skipped: Number(source?.count ?? 0) - copied.length };
}
