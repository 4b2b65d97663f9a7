import type { StockFilters, StockRow, StockSort, Unit } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { formatQuantity } from '../../lib/quantity.js';
import { allOf, componentMatches, inSubtree, pageOf } from '../../lib/sql-filters.js';

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

// Value is quantity × the component's default unit cost, rounded half away from zero to the minor unit.
const FROM = sql`
  from stock_balances b
  join components c on c.id = b.component_id
  join locations l on l.id = b.location_id
  join department_stock t on t.department_id = b.department_id and t.component_id = b.component_id
  left join categories cat on cat.id = c.category_id`;

const SORT_COLUMNS: Record<StockSort, SQL> = {
  sku: sql`lower(c.sku)`,
  name: sql`lower(c.name)`,
  category: sql`lower(cat.path)`,
  location: sql`lower(l.path)`,
  quantity: sql`b.quantity`,
  value: sql`round(b.quantity * c.default_unit_cost_minor)`,
};

type Filters = z.output<typeof StockFilters>;

function whereOf(departmentId: string, filters: Filters): SQL {
  return allOf([
    sql`b.department_id = ${departmentId}`,
    filters.includeEmpty ? undefined : sql`b.quantity > 0`,
    filters.q ? componentMatches('c', filters.q) : undefined,
    filters.categoryId ? inSubtree(sql`c.category_id`, 'categories', filters.categoryId) : undefined,
    filters.locationId ? inSubtree(sql`b.location_id`, 'locations', filters.locationId) : undefined,
    filters.belowMinimum ? sql`t.quantity < c.minimum_stock` : undefined,
  ]);
}

/** The rows of the list in order; `extra` adds a column (the page's totals). */
function selectRows(where: SQL, filters: Filters, extra: SQL = sql``): SQL {
  // Only a category can be missing; plain asc/desc elsewhere lets an index on the column serve the sort.
  const nulls = filters.sort === 'category' ? sql` nulls last` : sql``;
  const direction = filters.order === 'desc' ? sql`desc${nulls}` : sql`asc${nulls}`;
  return sql`
    select b.component_id, c.sku, c.name, c.unit, cat.path as category_path, b.location_id, l.path as location_path,
           b.quantity, c.minimum_stock, t.quantity as component_quantity, t.quantity < c.minimum_stock as below_minimum,
           c.default_unit_cost_minor as unit_cost_minor, round(b.quantity * c.default_unit_cost_minor)::text as value_minor
           ${extra}
    ${FROM} where ${where}
    order by ${SORT_COLUMNS[filters.sort]} ${direction}, lower(c.sku), lower(l.path), b.location_id`;
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

type Totals = { total: number; quantity: string | null; value_minor: string | null };

/** Whether the list is the department's whole stock on hand, whose totals the stock summary keeps. */
function isWholeStock(filters: Filters): boolean {
  return !filters.includeEmpty && !filters.q && !filters.categoryId && !filters.locationId && !filters.belowMinimum;
}

/**
 * Count and totals of the filtered list, one row. The whole stock on hand is read from the department's
 * summary slots (kept by triggers, ADR 0011) instead of adding up every balance; any filter is computed.
 */
function totalsOf(departmentId: string, where: SQL, filters: Filters): SQL {
  if (isWholeStock(filters)) {
    return sql`select coalesce(sum(balances), 0)::int as total, sum(quantity)::text as quantity,
                      sum(value_minor)::text as value_minor
               from stock_summary where department_id = ${departmentId}`;
  }
  // Counting needs only what the filters read: every filter on a location or category is a subquery.
  return sql`select count(*)::int as total, sum(b.quantity)::text as quantity,
                    sum(round(b.quantity * c.default_unit_cost_minor))::text as value_minor
             from stock_balances b join components c on c.id = b.component_id
             ${filters.belowMinimum ? sql`join department_stock t on t.department_id = b.department_id and t.component_id = b.component_id` : sql``}
             where ${where}`;
}

/**
 * One page of the department's stock with the count and totals of the whole filtered list. The totals
 * come with the rows, as an uncorrelated subquery PostgreSQL computes once: one statement, one round trip
 * (each costs the server a socket write). Only a page with no rows reads them on their own.
 */
export async function listStock(
  db: Executor,
  departmentId: string,
  filters: Filters,
  page: { offset: number; limit: number },
) {
  const where = whereOf(departmentId, filters);
  // The totals reuse `where`, which names b, c and (below minimum) t; totalsOf defines them itself. Any other
  // alias a filter named would silently refer to the outer page's row.
  const totals = totalsOf(departmentId, where, filters);
  const rows = await queryRows<Row & { totals: Totals }>(
    db,
    sql`${selectRows(where, filters, sql`, (select row_to_json(s) from (${totals}) s) as totals`)} ${pageOf(page)}`,
  );
  const [sums] = rows[0] ? [rows[0].totals] : await queryRows<Totals>(db, totals);
  return {
    items: rows.map(toStockRow),
    total: Number(sums?.total ?? 0),
    totals: { quantity: formatQuantity(sums?.quantity ?? '0'), valueMinor: String(sums?.value_minor ?? '0') },
  };
}

/** The whole filtered stock list for an export, read in batches. */
export async function* allStock(db: Executor, departmentId: string, filters: Filters, batchSize = 2000) {
  const query = selectRows(whereOf(departmentId, filters), filters);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<Row>(db, sql`${query} limit ${batchSize} offset ${offset}`);
    yield* rows.map(toStockRow);
    if (rows.length < batchSize) return;
  }
}
