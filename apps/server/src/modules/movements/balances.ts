import { formatQuantity } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { databaseError, PG } from '../../lib/database-errors.js';

type Place = { departmentId: string; componentId: string; locationId: string };

/**
 * The parts of a posting's single statement (see `recordPosting` in repository.ts) are data-modifying CTEs. Each
 * runs only if the one named `after` changed its row: `exists (select 1 from after)` is evaluated once,
 * before the statement touches its own table, so the parts also run (and lock rows) in that order.
 */
function onlyAfter(after: SQL | null): SQL {
  return after ? sql`exists (select 1 from ${after})` : sql`true`;
}

/** Numeric overflow of numeric(15,3) is a quantity no one can hold, not a server fault. */
export async function guardOverflow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseError(error)?.code === PG.numericOutOfRange) throw new AppError('QUANTITY_TOO_LARGE');
    throw error;
  }
}

/**
 * Changes one balance, returning its location and new quantity. Adding creates the balance row on first
 * receipt. Taking is one conditional update: the row changes only if it holds enough, so concurrent issues
 * can never take the same units twice; when it does not, the statement returns no row for it.
 */
export function changeBalance(place: Place, quantity: string, direction: 'take' | 'add', after: SQL | null): SQL {
  if (direction === 'take') {
    return sql`update stock_balances set quantity = quantity - ${quantity}, updated_at = now()
               where component_id = ${place.componentId} and location_id = ${place.locationId}
                 and quantity >= ${quantity} and ${onlyAfter(after)}
               returning location_id, quantity`;
  }
  return sql`insert into stock_balances (component_id, location_id, department_id, quantity)
             select ${place.componentId}::uuid, ${place.locationId}::uuid, ${place.departmentId}::uuid, ${quantity}::numeric
             where ${onlyAfter(after)}
             on conflict (component_id, location_id)
             do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
             returning location_id, quantity`;
}

/**
 * Keeps the department's per-component total in step with a posting that changes it. A decrease is a plain
 * update: the stock it takes exists, and an insert of a negative row would trip the CHECK before any
 * conflict handling.
 */
export function changeDepartmentTotal(
  place: Omit<Place, 'locationId'>,
  quantity: string,
  direction: 'take' | 'add',
  after: SQL,
): SQL {
  if (direction === 'take') {
    return sql`update department_stock set quantity = quantity - ${quantity}
               where department_id = ${place.departmentId} and component_id = ${place.componentId} and ${onlyAfter(after)}`;
  }
  return sql`insert into department_stock (department_id, component_id, quantity)
             select ${place.departmentId}::uuid, ${place.componentId}::uuid, ${quantity}::numeric
             where ${onlyAfter(after)}
             on conflict (department_id, component_id)
             do update set quantity = department_stock.quantity + excluded.quantity`;
}

/** What a take that changed no row could not take from: the quantity on hand, for INSUFFICIENT_STOCK. */
export async function availableStock(tx: Transaction, place: Place): Promise<string> {
  const [current] = await queryRows<{ quantity: string }>(
    tx,
    sql`select quantity from stock_balances where component_id = ${place.componentId} and location_id = ${place.locationId}`,
  );
  return formatQuantity(current?.quantity ?? '0');
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
