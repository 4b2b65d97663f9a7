import type { ColumnMapping, EmptyCells, ImportColumn, Unit } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import type { categories, locations } from '../../db/schema/index.js';
import { inJsonList } from './checked-table.js';
import type { CheckedRow } from './columns.js';

/** Who imports: the user, in the department that receives the opening balances. */
export type Importer = { userId: string; departmentId: string };

const BATCH = 500;
/** Component columns an import can set, with the database column each writes. */
const FIELD_COLUMNS: [ImportColumn, string][] = [
  ['name', 'name'],
  ['manufacturer', 'manufacturer'],
  ['manufacturerPartNumber', 'manufacturer_part_number'],
  ['package', 'package'],
  ['datasheetUrl', 'datasheet_url'],
  ['description', 'description'],
];

/** A checked row with the id its component has or will get. */
export type ResolvedRow = CheckedRow & { componentId: string };

function chunks<T>(items: T[], size = BATCH): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/**
 * Locks the components of these SKUs (lower case) for the commit's update, in one order, so that two imports
 * cannot deadlock on them (ADR 0019).
 */
export async function lockComponentsOfSkus(db: Executor, skus: string[]): Promise<void> {
  await queryRows(
    db,
    sql`select id from components where lower(sku) in ${inJsonList(skus)} order by id for no key update`,
  );
}

/** A stored component as an import compares it with a row of the file. */
export type StoredComponent = {
  id: string;
  sku: string;
  /** Whether any movement uses it: its unit then cannot change (ADR 0018). */
  moved: boolean;
  unit: Unit;
  name: string;
  categoryPath: string | null;
  manufacturer: string;
  manufacturerPartNumber: string;
  package: string;
  minimumStock: string;
  unitCostMinor: number;
  datasheetUrl: string;
  description: string;
};

/** The components these SKUs (lower case) already name. */
export function componentsOfSkus(db: Executor, skus: string[]) {
  return queryRows<StoredComponent>(
    db,
    sql`select c.id, c.sku, exists (select 1 from movements where component_id = c.id) as moved, c.unit, c.name,
               cat.path as "categoryPath", c.manufacturer, c.manufacturer_part_number as "manufacturerPartNumber",
               c.package, c.minimum_stock::text as "minimumStock", c.default_unit_cost_minor::float8 as "unitCostMinor",
               c.datasheet_url as "datasheetUrl", c.description
        from components c left join categories cat on cat.id = c.category_id
        where lower(c.sku) in ${inJsonList(skus)}`,
  );
}

/** The department's locations with their paths. */
export function departmentLocationPaths(db: Executor, departmentId: string) {
  return queryRows<Pick<typeof locations.$inferSelect, 'id' | 'path'>>(
    db,
    sql`select id, path from locations where department_id = ${departmentId}`,
  );
}

/** Where in the department the components of these SKUs (lower case) have stock on hand. */
export function stockedLocationsOfSkus(db: Executor, departmentId: string, skus: string[]) {
  return queryRows<{ sku: string; location_id: string }>(
    db,
    sql`select lower(c.sku) as sku, b.location_id from stock_balances b join components c on c.id = b.component_id
        where b.department_id = ${departmentId} and b.quantity > 0 and lower(c.sku) in ${inJsonList(skus)}`,
  );
}

/** Every category's id and path. */
export function listCategoryPaths(db: Executor) {
  return queryRows<Pick<typeof categories.$inferSelect, 'id' | 'path'>>(db, sql`select id, path from categories`);
}

function fieldValue(row: CheckedRow, column: ImportColumn): string {
  return row.values[column] ?? '';
}

/** Adds new components, in batches. */
export async function insertComponents(tx: Transaction, rows: ResolvedRow[], categoryIds: Map<string, string>) {
  for (const batch of chunks(rows)) {
    await queryRows(
      tx,
      sql`insert into components (id, sku, name, category_id, manufacturer, manufacturer_part_number, package, unit,
                                  description, datasheet_url, minimum_stock, default_unit_cost_minor)
          values ${sql.join(
            batch.map(
              (row) => sql`(${row.componentId}, ${row.sku}, ${fieldValue(row, 'name')},
                ${row.categoryPath ? (categoryIds.get(row.categoryPath.toLowerCase()) ?? null) : null},
                ${fieldValue(row, 'manufacturer')}, ${fieldValue(row, 'manufacturerPartNumber')}, ${fieldValue(row, 'package')},
                ${row.unit}, ${fieldValue(row, 'description')}, ${fieldValue(row, 'datasheetUrl')},
                ${row.minimumStock ?? '0'}, ${row.unitCostMinor ?? 0})`,
            ),
            sql`, `,
          )}`,
    );
  }
}

/**
 * Writes, on existing components, the columns the file's mapping reads; the others keep their values. An empty
 * cell keeps the stored value too, unless empty cells are to clear it (`emptyCells`).
 */
export async function updateComponents(
  tx: Transaction,
  rows: ResolvedRow[],
  present: readonly ImportColumn[],
  emptyCells: EmptyCells,
  categoryIds: Map<string, string>,
) {
  const keep = emptyCells === 'keep';
  const given = (row: CheckedRow, column: ImportColumn) => !keep || fieldValue(row, column) !== '';
  const sets: { column: string; value: (row: CheckedRow) => SQL }[] = [
    ...FIELD_COLUMNS.filter(([key]) => present.includes(key)).map(([key, column]) => ({
      column,
      value: (row: CheckedRow) => sql`${given(row, key) ? fieldValue(row, key) : null}::text`,
    })),
    ...(present.includes('category')
      ? [
          {
            column: 'category_id',
            value: (row: CheckedRow) =>
              sql`${row.categoryPath ? (categoryIds.get(row.categoryPath.toLowerCase()) ?? null) : null}::uuid`,
          },
        ]
      : []),
    ...(present.includes('unit') ? [{ column: 'unit', value: (row: CheckedRow) => sql`${row.unit}::text` }] : []),
    ...(present.includes('minimumStock')
      ? [
          {
            column: 'minimum_stock',
            value: (row: CheckedRow) => sql`${row.minimumStock ?? (keep ? null : '0')}::numeric`,
          },
        ]
      : []),
    ...(present.includes('unitCost')
      ? [
          {
            column: 'default_unit_cost_minor',
            value: (row: CheckedRow) => sql`${row.unitCostMinor ?? (keep ? null : 0)}::bigint`,
          },
        ]
      : []),
  ];
  if (sets.length === 0) return;
  // A null in the values is a cell left empty while empty cells are kept: the stored value stays.
  const assigned = (column: string) =>
    keep
      ? sql`${sql.identifier(column)} = coalesce(v.${sql.identifier(column)}, c.${sql.identifier(column)})`
      : sql`${sql.identifier(column)} = v.${sql.identifier(column)}`;
  for (const batch of chunks(rows)) {
    const names = sets.map((set) => sql.identifier(set.column));
    await queryRows(
      tx,
      sql`update components c set ${sql.join(
        sets.map((set) => assigned(set.column)),
        sql`, `,
      )}, updated_at = now()
          from (values ${sql.join(
            batch.map(
              (row) =>
                sql`(${row.componentId}::uuid, ${sql.join(
                  sets.map((set) => set.value(row)),
                  sql`, `,
                )})`,
            ),
            sql`, `,
          )}) as v(id, ${sql.join(names, sql`, `)})
          where c.id = v.id`,
    );
  }
}

/**
 * The columns last imported with a file of each of these header rows (keys as `headersKey` makes them), for
 * the keys that have any.
 */
export async function rememberedColumns(
  db: Executor,
  headersKeys: readonly string[],
): Promise<Map<string, ColumnMapping>> {
  if (headersKeys.length === 0) return new Map();
  const rows = await queryRows<{ headers_key: string; mapping: { columns: ColumnMapping } | string }>(
    db,
    sql`select headers_key, mapping from import_mappings where headers_key in ${inJsonList(headersKeys)}`,
  );
  return new Map(
    rows.map((row) => [
      row.headers_key,
      (typeof row.mapping === 'string' ? JSON.parse(row.mapping) : row.mapping).columns,
    ]),
  );
}

/**
 * Remembers the columns a file of these headers was imported with, for the next such file. Only the columns:
 * what an empty cell does is chosen anew for every import, so that one person's "clear" never becomes the
 * next file's default.
 */
export async function rememberColumns(db: Executor, headersKey: string, columns: ColumnMapping): Promise<void> {
  await queryRows(
    db,
    sql`insert into import_mappings (headers_key, mapping) values (${headersKey}, ${JSON.stringify({ columns })}::jsonb)
        on conflict (headers_key) do update set mapping = excluded.mapping, updated_at = now()`,
  );
}

/** Posts the opening balances as receipts, in batches, with the balances and department totals they imply. */
export async function postOpeningBalances(tx: Transaction, importer: Importer, rows: ResolvedRow[]) {
  for (const batch of chunks(rows)) {
    await queryRows(
      tx,
      sql`insert into movements (type, department_id, component_id, quantity, to_location_id, unit_cost_minor, origin, user_id)
          select 'receipt', ${importer.departmentId}, c.id, v.quantity::numeric, v.location_id::uuid,
                 coalesce(v.unit_cost::bigint, c.default_unit_cost_minor), 'opening-balance', ${importer.userId}
          from (values ${sql.join(
            batch.map(
              (row) => sql`(${row.componentId}, ${row.openingQuantity}, ${row.locationId}, ${row.unitCostMinor})`,
            ),
            sql`, `,
          )}) as v(component_id, quantity, location_id, unit_cost)
          join components c on c.id = v.component_id::uuid`,
    );
    await queryRows(
      tx,
      sql`insert into stock_balances (component_id, location_id, department_id, quantity)
          values ${sql.join(
            batch.map(
              (row) => sql`(${row.componentId}, ${row.locationId}, ${importer.departmentId}, ${row.openingQuantity})`,
            ),
            sql`, `,
          )}
          on conflict (component_id, location_id)
          do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()`,
    );
    await queryRows(
      tx,
      sql`insert into department_stock (department_id, component_id, quantity)
          values ${sql.join(
            batch.map((row) => sql`(${importer.departmentId}, ${row.componentId}, ${row.openingQuantity})`),
            sql`, `,
          )}
          on conflict (department_id, component_id)
          do update set quantity = department_stock.quantity + excluded.quantity`,
    );
  }
}
