import { randomUUID } from 'node:crypto';
import { type ComponentDetail, fitsUnit, formatQuantity } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { type ComponentFields, findComponent, writeComponent } from './repository.js';

/** A counted unit (pieces, sets…) cannot have a fractional reorder level. */
function requireWholeMinimum(input: ComponentFields): void {
  if (!fitsUnit(input.minimumStock, input.unit)) {
    throw new AppError('QUANTITY_NOT_WHOLE', {
      errors: [{ path: 'body.minimumStock', message: 'This unit is counted in whole numbers', code: 'not_whole' }],
    });
  }
}

async function requireReferences(db: Executor, input: ComponentFields): Promise<void> {
  const rows = await queryRows<{ category: boolean; image: boolean }>(
    db,
    sql`
    select (${input.categoryId}::uuid is null or exists (select 1 from categories where id = ${input.categoryId})) as category,
           (${input.imageId}::uuid is null or exists (select 1 from images where id = ${input.imageId})) as image`,
  );
  const found = rows[0];
  const errors = [
    ...(found?.category ? [] : [{ path: 'body.categoryId', message: 'No such category', code: 'not_found' }]),
    ...(found?.image ? [] : [{ path: 'body.imageId', message: 'No such image', code: 'not_found' }]),
  ];
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

async function withSkuCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'components_sku_unique')) {
      throw new AppError('SKU_TAKEN', {
        errors: [{ path: 'body.sku', message: 'Another component already has this SKU', code: 'taken' }],
      });
    }
    throw error;
  }
}

/**
 * The component's unit, its row locked as the update will lock it (FOR NO KEY UPDATE): no other edit can
 * change the unit between this read and the update, and a posting in flight, which share-locks the row
 * (ADR 0019), is waited for here.
 */
async function lockedUnit(db: Executor, id: string): Promise<string | undefined> {
  const rows = await queryRows<{ unit: string }>(
    db,
    sql`select unit from components where id = ${id} for no key update`,
  );
  return rows[0]?.unit;
}

/**
 * A component's ledger counts in its unit, so the unit is fixed once anything moved (ADR 0018). Checked in a
 * statement of its own, after the row lock: every posting that held the component has committed by then, so
 * its movement is seen, and a posting that begins later waits for this change and checks against it.
 */
async function requireUnitUnchangedOnceMoved(db: Executor, id: string, before: string, after: string): Promise<void> {
  if (before === after) return;
  const rows = await queryRows<{ moved: boolean }>(
    db,
    sql`select exists (select 1 from movements where component_id = ${id}) as moved`,
  );
  if (rows[0]?.moved) {
    throw new AppError('UNIT_IN_USE', {
      errors: [{ path: 'body.unit', message: 'The component has movements counted in its unit', code: 'in_use' }],
    });
  }
}

async function requireComponent(db: Executor, id: string) {
  const component = await findComponent(db, id);
  if (!component) throw new AppError('NOT_FOUND');
  return component;
}

/** Rules of the company-wide component catalogue. */
export function componentService(db: Database) {
  return {
    async create(input: ComponentFields) {
      requireWholeMinimum(input);
      const id = randomUUID();
      await withSkuCheck(() =>
        db.transaction(async (tx) => {
          await requireReferences(tx, input);
          await writeComponent(tx, id, input, true);
        }),
      );
      return requireComponent(db, id);
    },

    async update(id: string, input: ComponentFields) {
      requireWholeMinimum(input);
      // A change of the list's keys can meet a posting in a deadlock, which PostgreSQL breaks (ADR 0013).
      await withSkuCheck(() =>
        retryOnConflict(() =>
          db.transaction(async (tx) => {
            const before = await lockedUnit(tx, id);
            if (before === undefined) throw new AppError('NOT_FOUND');
            await requireReferences(tx, input);
            await writeComponent(tx, id, input, false);
            await requireUnitUnchangedOnceMoved(tx, id, before, input.unit);
          }),
        ),
      );
      return requireComponent(db, id);
    },

    async setArchived(id: string, archived: boolean) {
      const result = await queryRows(
        db,
        sql`
        update components set archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`}, updated_at = now()
        where id = ${id} returning id`,
      );
      if (result.length === 0) throw new AppError('NOT_FOUND');
      return requireComponent(db, id);
    },

    /** Deletes a component nobody ever moved; anything with history can only be archived. */
    async remove(id: string) {
      await db.transaction(async (tx) => {
        await requireComponent(tx, id);
        const used = await queryRows<{ used: boolean }>(
          tx,
          sql`
          select exists (select 1 from movements where component_id = ${id})
              or exists (select 1 from stock_balances where component_id = ${id}) as used`,
        );
        if (used[0]?.used) throw new AppError('COMPONENT_IN_USE');
        await tx.execute(sql`delete from components where id = ${id}`);
      });
    },

    /** A component with its stock at each location of one department. */
    async detail(id: string, departmentId: string): Promise<ComponentDetail> {
      const component = await requireComponent(db, id);
      const [stock, summary] = await Promise.all([
        queryRows<{ location_id: string; path: string; quantity: string }>(
          db,
          sql`
          select b.location_id, l.path, b.quantity from stock_balances b join locations l on l.id = b.location_id
          where b.component_id = ${id} and b.department_id = ${departmentId} and b.quantity > 0
          order by lower(l.path)`,
        ),
        queryRows<{ total: string; below: boolean; moved: boolean }>(
          db,
          sql`
          select coalesce(s.quantity, 0) as total,
                 c.archived_at is null and coalesce(s.quantity, 0) < c.minimum_stock as below,
                 exists (select 1 from movements where component_id = c.id) as moved
          from components c
          left join department_stock s on s.component_id = c.id and s.department_id = ${departmentId}
          where c.id = ${id}`,
        ),
      ]);
      const summaryRow = summary[0];
      return {
        component,
        stock: stock.map((row) => ({
          locationId: row.location_id,
          locationPath: row.path,
          quantity: formatQuantity(row.quantity),
        })),
        totalQuantity: formatQuantity(summaryRow?.total ?? '0'),
        belowMinimum: Boolean(summaryRow?.below),
        hasMovements: Boolean(summaryRow?.moved),
      };
    },
  };
}
