import {
  type Component,
  type ComponentFilters,
  type ComponentInput,
  type ComponentSort,
  formatQuantity,
  type Unit,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { allOf, componentFilters, isoTime, pageOf } from '../../lib/sql-filters.js';

type ComponentRow = {
  id: string;
  sku: string;
  name: string;
  category_id: string | null;
  category_path: string | null;
  manufacturer: string;
  manufacturer_part_number: string;
  package: string;
  unit: Unit;
  description: string;
  image_id: string | null;
  datasheet_url: string;
  parameters: Component['parameters'] | string;
  minimum_stock: string;
  default_unit_cost_minor: string | number;
  archived_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT_COMPONENT = sql`
  select c.id, c.sku, c.name, c.category_id, cat.path as category_path, c.manufacturer, c.manufacturer_part_number,
         c.package, c.unit, c.description, c.image_id, c.datasheet_url, c.minimum_stock, c.default_unit_cost_minor,
         c.archived_at, c.created_at, c.updated_at,
         coalesce((select json_agg(json_build_object('name', p.name, 'value', p.value, 'unit', p.unit) order by p.position)
                   from component_parameters p where p.component_id = c.id), '[]'::json) as parameters
  from components c left join categories cat on cat.id = c.category_id`;

function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    categoryId: row.category_id,
    categoryPath: row.category_path,
    manufacturer: row.manufacturer,
    manufacturerPartNumber: row.manufacturer_part_number,
    package: row.package,
    unit: row.unit,
    description: row.description,
    imageId: row.image_id,
    datasheetUrl: row.datasheet_url,
    parameters: typeof row.parameters === 'string' ? JSON.parse(row.parameters) : row.parameters,
    minimumStock: formatQuantity(row.minimum_stock),
    defaultUnitCostMinor: Number(row.default_unit_cost_minor),
    archived: row.archived_at !== null,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

const SORT_COLUMNS: Record<ComponentSort, SQL> = {
  sku: sql`lower(c.sku)`,
  name: sql`lower(c.name)`,
  category: sql`lower(cat.path)`,
  manufacturer: sql`lower(c.manufacturer)`,
  updatedAt: sql`c.updated_at`,
};

type Filters = z.output<typeof ComponentFilters>;

function whereOf(filters: Filters): SQL {
  return allOf([
    ...componentFilters('c', filters),
    filters.status === 'active' ? sql`c.archived_at is null` : undefined,
    filters.status === 'archived' ? sql`c.archived_at is not null` : undefined,
  ]);
}

function orderOf(filters: Filters): SQL {
  const direction = filters.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return sql`${SORT_COLUMNS[filters.sort]} ${direction}, lower(c.sku), c.id`;
}

/** One page of the catalogue as filtered and sorted, with the size of the whole filtered list. */
export async function listComponents(db: Executor, filters: Filters, page: { offset: number; limit: number }) {
  const where = whereOf(filters);
  const [rows, count] = await Promise.all([
    queryRows<ComponentRow>(db, sql`${SELECT_COMPONENT} where ${where} order by ${orderOf(filters)} ${pageOf(page)}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from components c where ${where}`),
  ]);
  return { items: rows.map(toComponent), total: Number(count[0]?.total ?? 0) };
}

/** Pages through the whole filtered catalogue for an export, `batchSize` rows at a time. */
export async function* allComponents(db: Executor, filters: Filters, batchSize = 1000): AsyncGenerator<Component> {
  const where = whereOf(filters);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<ComponentRow>(
      db,
      sql`${SELECT_COMPONENT} where ${where} order by ${orderOf(filters)} limit ${batchSize} offset ${offset}`,
    );
    yield* rows.map(toComponent);
    if (rows.length < batchSize) return;
  }
}

export async function findComponent(db: Executor, id: string): Promise<Component | null> {
  const rows = await queryRows<ComponentRow>(db, sql`${SELECT_COMPONENT} where c.id = ${id}`);
  return rows[0] ? toComponent(rows[0]) : null;
}

/** A component as validated by the contract, defaults applied. */
export type ComponentFields = z.output<typeof ComponentInput>;

/** Inserts or overwrites a component's fields and parameters (no checks: the service does them). */
export async function writeComponent(db: Executor, id: string, input: ComponentFields, isNew: boolean): Promise<void> {
  const values = {
    sku: input.sku,
    name: input.name,
    categoryId: input.categoryId,
    manufacturer: input.manufacturer,
    manufacturerPartNumber: input.manufacturerPartNumber,
    package: input.package,
    unit: input.unit,
    description: input.description,
    imageId: input.imageId,
    datasheetUrl: input.datasheetUrl,
    minimumStock: input.minimumStock,
    defaultUnitCostMinor: input.defaultUnitCostMinor,
  };
  if (isNew) {
    await db.execute(sql`insert into components (id, sku, name, category_id, manufacturer, manufacturer_part_number, package,
                           unit, description, image_id, datasheet_url, minimum_stock, default_unit_cost_minor)
      values (${id}, ${values.sku}, ${values.name}, ${values.categoryId}, ${values.manufacturer}, ${values.manufacturerPartNumber},
              ${values.package}, ${values.unit}, ${values.description}, ${values.imageId}, ${values.datasheetUrl},
              ${values.minimumStock}, ${values.defaultUnitCostMinor})`);
  } else {
    await db.execute(sql`update components set sku = ${values.sku}, name = ${values.name}, category_id = ${values.categoryId},
        manufacturer = ${values.manufacturer}, manufacturer_part_number = ${values.manufacturerPartNumber},
        package = ${values.package}, unit = ${values.unit}, description = ${values.description}, image_id = ${values.imageId},
        datasheet_url = ${values.datasheetUrl}, minimum_stock = ${values.minimumStock},
        default_unit_cost_minor = ${values.defaultUnitCostMinor}, updated_at = now()
      where id = ${id}`);
    await db.execute(sql`delete from component_parameters where component_id = ${id}`);
  }
  if (input.parameters.length > 0) {
    await db.execute(
      sql`insert into component_parameters (component_id, position, name, value, unit) values ${sql.join(
        input.parameters.map(
          (parameter, position) => sql`(${id}, ${position}, ${parameter.name}, ${parameter.value}, ${parameter.unit})`,
        ),
        sql`, `,
      )}`,
    );
  }
}

/** Whether the category and the image a component names exist; a reference not given counts as found. */
export async function findReferences(
  db: Executor,
  references: Pick<ComponentFields, 'categoryId' | 'imageId'>,
): Promise<{ category: boolean; image: boolean } | undefined> {
  const rows = await queryRows<{ category: boolean; image: boolean }>(
    db,
    sql`
    select (${references.categoryId}::uuid is null or exists (select 1 from categories where id = ${references.categoryId})) as category,
           (${references.imageId}::uuid is null or exists (select 1 from images where id = ${references.imageId})) as image`,
  );
  return rows[0];
}

/**
 * The component's unit, its row locked as the update will lock it (FOR NO KEY UPDATE): no other edit can
 * change the unit between this read and the update, and a posting in flight, which share-locks the row
 * (ADR 0019), is waited for here.
 */
export async function lockComponentForEdit(db: Executor, id: string): Promise<string | undefined> {
  const rows = await queryRows<{ unit: string }>(
    db,
    sql`select unit from components where id = ${id} for no key update`,
  );
  return rows[0]?.unit;
}

/** Whether the ledger has any movement of the component. */
export async function componentHasMovements(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ moved: boolean }>(
    db,
    sql`select exists (select 1 from movements where component_id = ${id}) as moved`,
  );
  return Boolean(rows[0]?.moved);
}

/** Archives a component (keeping the first archiving time) or brings it back; false when there is no such component. */
export async function setComponentArchived(db: Executor, id: string, archived: boolean): Promise<boolean> {
  const result = await queryRows(
    db,
    sql`
    update components set archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`}, updated_at = now()
    where id = ${id} returning id`,
  );
  return result.length > 0;
}

/** Whether a component has history: a movement or a balance row, even an empty one. */
export async function componentInUse(db: Executor, id: string): Promise<boolean> {
  const used = await queryRows<{ used: boolean }>(
    db,
    sql`
    select exists (select 1 from movements where component_id = ${id})
        or exists (select 1 from stock_balances where component_id = ${id}) as used`,
  );
  return Boolean(used[0]?.used);
}

/** Deletes a component (its parameters go with it). */
export async function deleteComponent(db: Executor, id: string): Promise<void> {
  await db.execute(sql`delete from components where id = ${id}`);
}

/** The component's stock at each location of the department that holds some, by location path. */
export function componentStockAtLocations(db: Executor, id: string, departmentId: string) {
  return queryRows<{ location_id: string; path: string; quantity: string }>(
    db,
    sql`
    select b.location_id, l.path, b.quantity from stock_balances b join locations l on l.id = b.location_id
    where b.component_id = ${id} and b.department_id = ${departmentId} and b.quantity > 0
    order by lower(l.path)`,
  );
}

/** The component's total in the department, whether it is below its reorder level, and whether it ever moved. */
export async function componentStockSummary(db: Executor, id: string, departmentId: string) {
  const [row] = await queryRows<{ total: string; below: boolean; moved: boolean }>(
    db,
    sql`
    select coalesce(s.quantity, 0) as total,
           c.archived_at is null and coalesce(s.quantity, 0) < c.minimum_stock as below,
           exists (select 1 from movements where component_id = c.id) as moved
    from components c
    left join department_stock s on s.component_id = c.id and s.department_id = ${departmentId}
    where c.id = ${id}`,
  );
  return row;
}
