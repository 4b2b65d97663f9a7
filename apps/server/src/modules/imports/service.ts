import { randomUUID } from 'node:crypto';
import type { ImportColumn, ImportCommitResponse, ImportPreview } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../../db/client.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { categoryTree, PATH_SEPARATOR } from '../trees/tree-store.js';
import { type CheckedRow, checkRows } from './check-rows.js';
import { importHasErrors } from './checked-table.js';
import { keepPendingImport, takePendingImport } from './pending.js';
import { readTable } from './read-table.js';

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

export type Importer = { userId: string; departmentId: string };

/** A checked row with the id its component has or will get. */
type ResolvedRow = CheckedRow & { componentId: string };

function chunks<T>(items: T[], size = BATCH): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/** Creates the categories the rows name that do not exist yet, every level of each path; returns path → id. */
async function ensureCategories(
  tx: Transaction,
  rows: CheckedRow[],
): Promise<{ ids: Map<string, string>; created: number }> {
  const existing = await queryRows<{ id: string; path: string }>(tx, sql`select id, path from categories`);
  const ids = new Map(existing.map((row) => [row.path.toLowerCase(), row.id]));
  let created = 0;
  for (const path of new Set(rows.map((row) => row.categoryPath).filter((path): path is string => path !== null))) {
    const parts = path.split(PATH_SEPARATOR);
    const key = (depth: number) => parts.slice(0, depth).join(PATH_SEPARATOR).toLowerCase();
    for (let depth = 1; depth <= parts.length; depth++) {
      if (ids.has(key(depth))) continue;
      const parentId = depth === 1 ? null : (ids.get(key(depth - 1)) ?? null);
      const node = await categoryTree.create(tx, null, { name: parts[depth - 1] ?? '', parentId });
      ids.set(key(depth), node.id);
      created++;
    }
  }
  return { ids, created };
}

function fieldValue(row: CheckedRow, column: ImportColumn): string {
  return row.values[column] ?? '';
}

async function insertComponents(tx: Transaction, rows: ResolvedRow[], categoryIds: Map<string, string>) {
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

/** Overwrites, on existing components, exactly the columns the file has; the others keep their values. */
async function updateComponents(
  tx: Transaction,
  rows: ResolvedRow[],
  present: Set<ImportColumn>,
  categoryIds: Map<string, string>,
) {
  const sets: { column: string; value: (row: CheckedRow) => SQL }[] = [
    ...FIELD_COLUMNS.filter(([key]) => present.has(key)).map(([key, column]) => ({
      column,
      value: (row: CheckedRow) => sql`${fieldValue(row, key)}::text`,
    })),
    ...(present.has('category')
      ? [
          {
            column: 'category_id',
            value: (row: CheckedRow) =>
              sql`${row.categoryPath ? (categoryIds.get(row.categoryPath.toLowerCase()) ?? null) : null}::uuid`,
          },
        ]
      : []),
    ...(present.has('unit') ? [{ column: 'unit', value: (row: CheckedRow) => sql`${row.unit}::text` }] : []),
    ...(present.has('minimumStock')
      ? [{ column: 'minimum_stock', value: (row: CheckedRow) => sql`${row.minimumStock ?? '0'}::numeric` }]
      : []),
    ...(present.has('unitCost')
      ? [{ column: 'default_unit_cost_minor', value: (row: CheckedRow) => sql`${row.unitCostMinor ?? 0}::bigint` }]
      : []),
  ];
  for (const batch of chunks(rows)) {
    const names = sets.map((set) => sql.identifier(set.column));
    await queryRows(
      tx,
      sql`update components c set ${sql.join(
        sets.map((set) => sql`${sql.identifier(set.column)} = v.${sql.identifier(set.column)}`),
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

/** Posts the opening balances as receipts, in batches, with the balances and department totals they imply. */
async function postOpeningBalances(tx: Transaction, importer: Importer, rows: ResolvedRow[]) {
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

/** Components and opening balances from CSV/XLSX: checked in a preview, then committed all or nothing. */
export function importService(db: Database) {
  return {
    /** Reads and checks a file; when it has no errors it is kept for an hour to be committed. */
    async preview(importer: Importer, content: Buffer): Promise<ImportPreview> {
      const table = await readTable(content);
      const checked = await checkRows(db, importer.departmentId, table);
      const importId = checked.errorCount === 0 ? await keepPendingImport(db, 'components', importer, table) : null;
      return {
        importId,
        totalRows: checked.totalRows,
        errors: checked.errors,
        errorCount: checked.errorCount,
        summary: checked.summary,
        sample: checked.sample,
      };
    },

    /**
     * Commits a previewed import in one transaction. The rows are checked again inside it, so whatever
     * changed since the preview (a SKU created, stock received) is caught rather than written twice.
     */
    async commit(importer: Importer, importId: string): Promise<ImportCommitResponse> {
      // Updated components rewrite their balances' list keys, which can meet a posting in a deadlock (ADR 0013).
      return retryOnConflict(() =>
        db.transaction(async (tx) => {
          const { table } = await takePendingImport(tx, ['components'], importer, importId);
          const checked = await checkRows(tx, importer.departmentId, table, { lockComponents: true });
          if (checked.errorCount > 0) throw importHasErrors(checked.errors);
          const categories = await ensureCategories(tx, checked.rows);
          const rows = checked.rows.map((row) => ({ ...row, componentId: row.existingId ?? randomUUID() }));
          const created = rows.filter((row) => !row.existingId);
          const updated = rows.filter((row) => row.existingId);
          await insertComponents(tx, created, categories.ids);
          if (updated.length > 0) await updateComponents(tx, updated, checked.present, categories.ids);
          const opening = rows.filter((row) => row.openingQuantity !== null && row.locationId !== null);
          await postOpeningBalances(tx, importer, opening);
          return {
            createdComponents: created.length,
            updatedComponents: updated.length,
            createdCategories: categories.created,
            openingBalances: opening.length,
          };
        }),
      );
    },
  };
}
