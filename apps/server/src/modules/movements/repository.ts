import {
  formatQuantity,
  type Movement,
  type MovementFilters,
  type MovementOrigin,
  type MovementType,
  type Unit,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { allOf, filtersBeyond, inSubtree, isoTime, pageOf } from '../../lib/sql-filters.js';
import { withNarrowingLocation } from '../locations/filter.js';

export type MovementRow = {
  id: string;
  number: string | number;
  type: MovementType;
  component_id: string;
  sku: string;
  component_name: string;
  unit: Unit;
  quantity: string;
  from_location_id: string | null;
  from_path: string | null;
  to_location_id: string | null;
  to_path: string | null;
  unit_cost_minor: string | number | null;
  reference: string;
  note: string;
  user_id: string;
  user_name: string;
  created_at: Date | string;
  reversal_of_id: string | null;
  reversal_of_number: string | number | null;
  reversed_by_id: string | null;
  origin: MovementOrigin | null;
};

const SELECT_MOVEMENT = sql`
  select m.id, m.number, m.type, m.component_id, c.sku, c.name as component_name, c.unit, m.quantity,
         m.from_location_id, fl.path as from_path, m.to_location_id, tl.path as to_path, m.unit_cost_minor,
         m.reference, m.note, m.user_id, u.name as user_name, m.created_at, m.reversal_of_id, o.number as reversal_of_number,
         r.id as reversed_by_id, m.origin
  from movements m
  join components c on c.id = m.component_id
  join users u on u.id = m.user_id
  left join locations fl on fl.id = m.from_location_id
  left join locations tl on tl.id = m.to_location_id
  left join movements r on r.reversal_of_id = m.id
  left join movements o on o.id = m.reversal_of_id`;

export function toMovement(row: MovementRow): Movement {
  return {
    id: row.id,
    number: Number(row.number),
    type: row.type,
    componentId: row.component_id,
    sku: row.sku,
    componentName: row.component_name,
    unit: row.unit,
    quantity: formatQuantity(row.quantity),
    from: row.from_location_id ? { id: row.from_location_id, path: row.from_path ?? '' } : null,
    to: row.to_location_id ? { id: row.to_location_id, path: row.to_path ?? '' } : null,
    unitCostMinor: row.unit_cost_minor === null ? null : Number(row.unit_cost_minor),
    reference: row.reference,
    note: row.note,
    user: { id: row.user_id, name: row.user_name },
    createdAt: isoTime(row.created_at),
    reversalOfId: row.reversal_of_id,
    reversalOfNumber: row.reversal_of_number === null ? null : Number(row.reversal_of_number),
    reversedById: row.reversed_by_id,
    origin: row.origin,
  };
}

type Filters = z.output<typeof MovementFilters>;

function whereOf(departmentId: string, filters: Filters, timeZone: string): SQL {
  return allOf([
    sql`m.department_id = ${departmentId}`,
    filters.from ? sql`m.created_at >= (${filters.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    filters.to ? sql`m.created_at < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
    filters.type ? sql`m.type = ${filters.type}` : undefined,
    filters.componentId ? sql`m.component_id = ${filters.componentId}` : undefined,
    filters.userId ? sql`m.user_id = ${filters.userId}` : undefined,
    filters.locationId
      ? sql`(${inSubtree(sql`m.from_location_id`, 'locations', filters.locationId)}
             or ${inSubtree(sql`m.to_location_id`, 'locations', filters.locationId)})`
      : undefined,
  ]);
}

// The sequential number is the ledger's order: unique, and assigned as movements are posted.
function orderOf(filters: Filters): SQL {
  return filters.order === 'asc' ? sql`m.number asc` : sql`m.number desc`;
}

/**
 * The count of the filtered ledger. The whole ledger's is the sum of the department's stock summary slots
 * (migration 0008, ADR 0016): counting a million movements took 100 ms; a filter counts its own rows.
 */
function countOf(departmentId: string, where: SQL, filters: Filters): SQL {
  return filtersBeyond(filters, ['order'])
    ? sql`select count(*)::int as total from movements m where ${where}`
    : sql`select coalesce(sum(movements), 0)::int as total from stock_summary where department_id = ${departmentId}`;
}

/** A movement of the department, or null (also when it belongs to another department). */
export async function findMovement(db: Executor, departmentId: string, id: string): Promise<Movement | null> {
  const [row] = await queryRows<MovementRow>(
    db,
    sql`${SELECT_MOVEMENT} where m.id = ${id} and m.department_id = ${departmentId}`,
  );
  return row ? toMovement(row) : null;
}

/** One page of the department's ledger as filtered, newest first unless asked otherwise. */
export async function listMovements(
  db: Executor,
  departmentId: string,
  given: Filters,
  page: { offset: number; limit: number },
  timeZone: string,
) {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters, timeZone);
  const [rows, count] = await Promise.all([
    queryRows<MovementRow>(db, sql`${SELECT_MOVEMENT} where ${where} order by ${orderOf(filters)} ${pageOf(page)}`),
    queryRows<{ total: number }>(db, countOf(departmentId, where, filters)),
  ]);
  return { items: rows.map(toMovement), total: Number(count[0]?.total ?? 0) };
}

/**
 * The whole filtered ledger for an export, read in batches that continue after the last number seen, so
 * a million rows cost no more per batch than the first thousand and concurrent postings shift nothing.
 */
export async function* allMovements(
  db: Executor,
  departmentId: string,
  given: Filters,
  timeZone: string,
  batchSize = 2000,
): AsyncGenerator<Movement> {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters, timeZone);
  let after: number | null = null;
  for (;;) {
    const next: SQL =
      after === null ? sql`true` : filters.order === 'asc' ? sql`m.number > ${after}` : sql`m.number < ${after}`;
    const rows: MovementRow[] = await queryRows<MovementRow>(
      db,
      sql`${SELECT_MOVEMENT} where ${where} and ${next} order by ${orderOf(filters)} limit ${batchSize}`,
    );
    yield* rows.map(toMovement);
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1]?.number);
  }
}

/** People who posted in the department, for the ledger's user filter. */
export async function movementUsers(db: Executor, departmentId: string) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from users u
        where exists (select 1 from movements m where m.user_id = u.id and m.department_id = ${departmentId})
        order by lower(u.name)`,
  );
}
