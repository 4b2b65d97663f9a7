import { formatQuantity, type StockFilters, type StockRow, type StockSort, Unit } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { allOf, componentFilters, filtersBeyond, inSubtree, pageOf } from '../../lib/sql-filters.js';
import { withNarrowingLocation } from '../locations/repository.js';

type Row = {
  component_id: string;
  sku: string;
  name: string;
  unit: Unit;
  category_path: string | null;
  location_id: string;
  location_path: string;
  quantity: string;
  minimum_stock: string;
  component_quantity: string;
  below_minimum: boolean;
  unit_cost_minor: string | number;
  value_minor: string | number;
};

type Filters = z.output<typeof StockFilters>;

const UNITS = Unit.options;

/** An archived component is not reordered: it raises no low-stock alarm, whatever it still holds. */
const BELOW_MINIMUM = sql`c.archived_at is null and t.quantity < c.minimum_stock`;

const COLUMNS = sql`b.component_id, c.sku, c.name, c.unit, cat.path as category_path, b.location_id,
  l.path as location_path, b.quantity, c.minimum_stock, t.quantity as component_quantity,
  ${BELOW_MINIMUM} as below_minimum, b.unit_cost_minor, b.value_minor::text as value_minor`;

/** The balance's columns a row shows or is sorted by, selected by every query of a page's balances. */
const BALANCE_COLUMNS = sql`b.component_id, b.location_id, b.department_id, b.quantity, b.unit, b.unit_cost_minor,
  b.value_minor, b.sku_key, b.name_key, b.category_key, b.location_key`;

/**
 * The rows of `balances` (a query of BALANCE_COLUMNS, ordered and limited) in full, in the same order:
 * component, location, category and department total are joined for those rows only. The balance is not
 * read again: a second reference to stock_balances, with its ten indexes, tripled the planning time of a
 * filtered page (1.8 ms against 0.5), paid on every request whose plan PostgreSQL does not keep.
 */
function rowsOf(balances: SQL, filters: Filters, extra: SQL = sql``): SQL {
  return sql`select ${COLUMNS} ${extra}
    from (${balances}) b
    join components c on c.id = b.component_id
    join locations l on l.id = b.location_id
    join department_stock t on t.department_id = b.department_id and t.component_id = b.component_id
    left join categories cat on cat.id = c.category_id
    ${orderBy('b', filters)}`;
}

/**
 * The order of each sort: its key, then SKU and location as tie-breakers, all columns of the balance (kept
 * there by triggers, ADR 0013) and each the columns of one index. Descending is the ascending order read
 * backwards, tie-breakers included, so that one index serves both directions; only a missing category
 * comes last in both, from an index of its own.
 */
const SORT_KEYS: Record<StockSort, string[]> = {
  sku: ['sku_key', 'location_key', 'location_id'],
  name: ['name_key', 'sku_key', 'location_key', 'location_id'],
  category: ['category_key', 'sku_key', 'location_key', 'location_id'],
  location: ['location_key', 'sku_key', 'location_id'],
  quantity: ['quantity', 'sku_key', 'location_key', 'location_id'],
  value: ['value_minor', 'sku_key', 'location_key', 'location_id'],
};

function orderBy(alias: string, filters: Filters): SQL {
  const direction = filters.order === 'desc' ? ' desc' : '';
  const nulls = filters.sort === 'category' ? ' nulls last' : '';
  return sql.raw(`order by ${SORT_KEYS[filters.sort].map((key) => `${alias}.${key}${direction}${nulls}`).join(', ')}`);
}

/**
 * The filters, on the balance alone: what they ask of the component (search, category, below minimum) is
 * one subquery of component ids, which PostgreSQL resolves through the components' own indexes first.
 */
function whereOf(departmentId: string, filters: Filters): SQL {
  const ofComponent = allOf([...componentFilters('c', filters), filters.belowMinimum ? BELOW_MINIMUM : undefined]);
  const stockOf = filters.belowMinimum
    ? sql`join department_stock t on t.department_id = ${departmentId} and t.component_id = c.id`
    : sql``;
  return allOf([
    sql`b.department_id = ${departmentId}`,
    filters.includeEmpty ? undefined : sql`b.quantity > 0`,
    filters.q || filters.categoryId || filters.belowMinimum
      ? sql`b.component_id in (select c.id from components c ${stockOf} where ${ofComponent})`
      : undefined,
    filters.locationId ? inSubtree(sql`b.location_id`, 'locations', filters.locationId) : undefined,
  ]);
}

function toStockRow(row: Row): StockRow {
  return {
    componentId: row.component_id,
    sku: row.sku,
    name: row.name,
    unit: row.unit,
    categoryPath: row.category_path,
    locationId: row.location_id,
    locationPath: row.location_path,
    quantity: formatQuantity(row.quantity),
    minimumStock: formatQuantity(row.minimum_stock),
    componentQuantity: formatQuantity(row.component_quantity),
    belowMinimum: row.below_minimum,
    unitCostMinor: Number(row.unit_cost_minor),
    valueMinor: String(row.value_minor),
  };
}

type Totals = {
  total: number;
  value_minor: string | null;
  quantities: { unit: Unit; quantity: string }[] | null;
};

/** The totals as the API gives them: one quantity per unit, in the order of the units' list. */
function toTotals(sums: Totals | undefined) {
  const quantities = [...(sums?.quantities ?? [])]
    .sort((a, b) => UNITS.indexOf(a.unit) - UNITS.indexOf(b.unit))
    .map(({ unit, quantity }) => ({ unit, quantity: formatQuantity(quantity) }));
  return { total: Number(sums?.total ?? 0), totals: { quantities, valueMinor: String(sums?.value_minor ?? '0') } };
}

/** Whether a filter picks out some components or locations, as opposed to the whole department's stock. */
function narrowsDown(filters: Filters): boolean {
  return filtersBeyond(filters, ['sort', 'order', 'includeEmpty']);
}

/** Whether the list is the department's whole stock on hand, whose totals the stock summary keeps. */
function isWholeStock(filters: Filters): boolean {
  return !filters.includeEmpty && !narrowsDown(filters);
}

/**
 * The department's summary slots (kept by triggers, ADR 0011 and 0018): the whole stock's totals without a
 * scan. Units whose quantity fell back to zero keep their row and are left out, as a filtered list leaves them.
 */
function summaryOf(departmentId: string): SQL {
  return sql`select coalesce(sum(balances), 0)::int as total, sum(value_minor)::text as value_minor,
                    (select json_agg(json_build_object('unit', unit, 'quantity', quantity::text))
                     from (select unit, sum(quantity) as quantity from stock_summary_quantities
                           where department_id = ${departmentId} group by unit) u
                     where quantity <> 0) as quantities
             from stock_summary where department_id = ${departmentId}`;
}

/** Count, value and quantity per unit (ADR 0018) of the balances `from` names as b, one row, in one pass. */
function sumsOf(from: SQL): SQL {
  return sql`select coalesce(sum(n), 0)::int as total, sum(v)::text as value_minor,
                    json_agg(json_build_object('unit', unit, 'quantity', q::text)) filter (where q <> 0) as quantities
             from (select b.unit, count(*) as n, sum(b.quantity) as q, sum(b.value_minor) as v
                   from ${from} group by b.unit) u`;
}

/** Count and totals of the filtered list, one row. */
function totalsOf(departmentId: string, where: SQL, filters: Filters): SQL {
  return isWholeStock(filters) ? summaryOf(departmentId) : sumsOf(sql`stock_balances b where ${where}`);
}

/**
 * One page of the department's stock with the count and totals of the whole filtered list, in one
 * statement (each round trip costs the server a socket write). The page's balances are picked from the
 * balances alone; only those rows are then joined to their component, location and category.
 *  - The whole department (empty rows or not): the page is the sort's index walked until it has its rows,
 *    and the totals an uncorrelated subquery computed once (the stock on hand's from the summary).
 *  - A filter that narrows it down: the matching balances are materialised, so that PostgreSQL plans them
 *    on their own, from the filter's indexes, and then counts them and sorts them for the page. Walking the
 *    sort's index instead, as the LIMIT invites, reads every balance when few or none match.
 * Only a page with no rows reads the totals on their own.
 */
export async function listStock(
  db: Executor,
  departmentId: string,
  given: Filters,
  page: { offset: number; limit: number },
) {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters);
  const totals = totalsOf(departmentId, where, filters);
  const balances = narrowsDown(filters)
    ? sql`with matching as materialized (select ${BALANCE_COLUMNS} from stock_balances b where ${where})
          select ${BALANCE_COLUMNS}, (select row_to_json(s) from (${sumsOf(sql`matching b`)}) s) as totals
          from matching b ${orderBy('b', filters)} ${pageOf(page)}`
    : sql`select ${BALANCE_COLUMNS}, (select row_to_json(s) from (${totals}) s) as totals
          from stock_balances b where ${where} ${orderBy('b', filters)} ${pageOf(page)}`;
  const rows = await queryRows<Row & { totals: Totals }>(db, rowsOf(balances, filters, sql`, b.totals`));
  const [sums] = rows[0] ? [rows[0].totals] : await queryRows<Totals>(db, totals);
  return { items: rows.map(toStockRow), ...toTotals(sums) };
}

/** The whole filtered stock list for an export, read in batches. */
export async function* allStock(db: Executor, departmentId: string, given: Filters, batchSize = 2000) {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters);
  for (let offset = 0; ; offset += batchSize) {
    const balances = sql`select ${BALANCE_COLUMNS} from stock_balances b where ${where}
                         ${orderBy('b', filters)} limit ${batchSize} offset ${offset}`;
    const rows = await queryRows<Row>(db, rowsOf(balances, filters));
    yield* rows.map(toStockRow);
    if (rows.length < batchSize) return;
  }
}

/**
 * What a department's stock list is computed from, as one number that grows with every committed change to
 * it: the department's ledger count (ADR 0016; balances change only with a movement) plus the catalogue's
 * count of changes (migration 0011). Both only grow, so an equal sum means neither changed in between. Null
 * when the catalogue's row is missing (a partial restore): nothing then counts its changes.
 */
export async function stockListVersion(db: Executor, departmentId: string): Promise<bigint | null> {
  const [row] = await queryRows<{ version: string | null }>(
    db,
    sql`select ((select coalesce(sum(movements), 0) from stock_summary where department_id = ${departmentId})
                + (select changes from catalogue_version))::text as version`,
  );
  return row?.version == null ? null : BigInt(row.version);
}
