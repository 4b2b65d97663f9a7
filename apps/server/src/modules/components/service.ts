import { randomUUID } from 'node:crypto';
import { type ComponentDetail, fitsUnit, formatQuantity } from '@cm/contract';
import type { Database, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import {
  type ComponentFields,
  componentHasMovements,
  componentInUse,
  componentStockAtLocations,
  componentStockSummary,
  deleteComponent,
  findComponent,
  findReferences,
  lockComponentForEdit,
  setComponentArchived,
  writeComponent,
} from './repository.js';

/** A counted unit (pieces, sets…) cannot have a fractional reorder level. */
function requireWholeMinimum(input: ComponentFields): void {
  if (!fitsUnit(input.minimumStock, input.unit)) {
    throw new AppError('QUANTITY_NOT_WHOLE', {
      errors: [{ path: 'body.minimumStock', message: 'This unit is counted in whole numbers', code: 'not_whole' }],
    });
  }
}

async function requireReferences(db: Executor, input: ComponentFields): Promise<void> {
  const found = await findReferences(db, input);
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
 * A component's ledger counts in its unit, so the unit is fixed once anything moved (ADR 0018). Checked in a
 * statement of its own, after the row lock: every posting that held the component has committed by then, so
 * its movement is seen, and a posting that begins later waits for this change and checks against it.
 */
async function requireUnitUnchangedOnceMoved(db: Executor, id: string, before: string, after: string): Promise<void> {
  if (before === after) return;
  if (await componentHasMovements(db, id)) {
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
            const before = await lockComponentForEdit(tx, id);
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
      if (!(await setComponentArchived(db, id, archived))) throw new AppError('NOT_FOUND');
      return requireComponent(db, id);
    },

    /** Deletes a component nobody ever moved; anything with history can only be archived. */
    async remove(id: string) {
      await db.transaction(async (tx) => {
        await requireComponent(tx, id);
        if (await componentInUse(tx, id)) throw new AppError('COMPONENT_IN_USE');
        await deleteComponent(tx, id);
      });
    },

    /** A component with its stock at each location of one department. */
    async detail(id: string, departmentId: string): Promise<ComponentDetail> {
      const component = await requireComponent(db, id);
      const [stock, summary] = await Promise.all([
        componentStockAtLocations(db, id, departmentId),
        componentStockSummary(db, id, departmentId),
      ]);
      return {
        component,
        stock: stock.map((row) => ({
          locationId: row.location_id,
          locationPath: row.path,
          quantity: formatQuantity(row.quantity),
        })),
        totalQuantity: formatQuantity(summary?.total ?? '0'),
        belowMinimum: Boolean(summary?.below),
        hasMovements: Boolean(summary?.moved),
      };
    },
  };
}
