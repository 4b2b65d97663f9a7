import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.js';
import { databaseError, PG } from '../../lib/database-errors.js';
import { formatQuantity } from '../../lib/quantity.js';
import { AppError } from '../../plugins/errors.js';

type Place = { departmentId: string; componentId: string; locationId: string };

/** Numeric overflow of numeric(15,3) is a quantity no one can hold, not a server fault. */
async function guardOverflow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseError(error)?.code === PG.numericOutOfRange) throw new AppError('QUANTITY_TOO_LARGE');
    throw error;
  }
}

/** Adds stock at a location, creating its balance row on first receipt. Returns the new quantity. */
export async function addStock(tx: Transaction, place: Place, quantity: string): Promise<string> {
  const [row] = await guardOverflow(() =>
    queryRows<{ quantity: string }>(
      tx,
      sql`insert into stock_balances (component_id, location_id, department_id, quantity)
          values (${place.componentId}, ${place.locationId}, ${place.departmentId}, ${quantity})
          on conflict (component_id, location_id)
          do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
          returning quantity`,
    ),
  );
  return formatQuantity(row?.quantity ?? quantity);
}

/**
 * Takes stock from a location with one conditional update: the row changes only if it holds enough, so
 * concurrent issues can never take the same units twice. Returns the new quantity.
 */
export async function takeStock(tx: Transaction, place: Place, quantity: string): Promise<string> {
  const [row] = await queryRows<{ quantity: string }>(
    tx,
    sql`update stock_balances set quantity = quantity - ${quantity}, updated_at = now()
        where component_id = ${place.componentId} and location_id = ${place.locationId} and quantity >= ${quantity}
        returning quantity`,
  );
  if (row) return formatQuantity(row.quantity);
  const [current] = await queryRows<{ quantity: string }>(
    tx,
    sql`select quantity from stock_balances where component_id = ${place.componentId} and location_id = ${place.locationId}`,
  );
  throw new AppError('INSUFFICIENT_STOCK', { available: formatQuantity(current?.quantity ?? '0') });
}

/** Locks a balance (creating an empty one if needed) and returns its quantity: stocktakes count against it. */
export async function lockStock(tx: Transaction, place: Place): Promise<string> {
  await queryRows(
    tx,
    sql`insert into stock_balances (component_id, location_id, department_id, quantity)
        values (${place.componentId}, ${place.locationId}, ${place.departmentId}, 0)
        on conflict (component_id, location_id) do nothing`,
  );
  const [row] = await queryRows<{ quantity: string }>(
    tx,
    sql`select quantity from stock_balances
        where component_id = ${place.componentId} and location_id = ${place.locationId} for update`,
  );
  return row?.quantity ?? '0';
}

/**
 * Keeps the department's per-component total in step with a posting that changes it. A decrease is a plain
 * update: the stock it takes exists, and an insert of a negative row would trip the CHECK before any
 * conflict handling.
 */
export async function changeDepartmentTotal(
  tx: Transaction,
  place: Omit<Place, 'locationId'>,
  change: { quantity: string; direction: 'in' | 'out' },
): Promise<void> {
  if (change.direction === 'out') {
    await queryRows(
      tx,
      sql`update department_stock set quantity = quantity - ${change.quantity}
          where department_id = ${place.departmentId} and component_id = ${place.componentId}`,
    );
    return;
  }
  await guardOverflow(() =>
    queryRows(
      tx,
      sql`insert into department_stock (department_id, component_id, quantity)
          values (${place.departmentId}, ${place.componentId}, ${change.quantity})
          on conflict (department_id, component_id)
          do update set quantity = department_stock.quantity + excluded.quantity`,
    ),
  );
}
