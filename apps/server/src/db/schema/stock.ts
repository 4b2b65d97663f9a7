import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { components } from './catalogue.js';
import { departments } from './departments.js';
import { users } from './users.js';

/**
 * Location tree of one department (warehouse → shelf → bin); path and ancestors as for categories.
 *
 * Everything that names a location (its children, balances, movements) names its department too, and the
 * foreign key is the pair: a location of another department is refused by the database, not only by the
 * services (migration 0009, ADR 0017).
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    parentId: uuid(),
    path: text().notNull(),
    ancestorIds: uuid().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('locations_department_id_unique').on(table.departmentId, table.id),
    foreignKey({
      name: 'locations_parent_fk',
      columns: [table.departmentId, table.parentId],
      foreignColumns: [table.departmentId, table.id],
    }).onDelete('restrict'),
    uniqueIndex('locations_sibling_name_unique').on(
      table.departmentId,
      sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.name})`,
    ),
    index('locations_department_path_idx').on(table.departmentId, table.path),
    index('locations_ancestor_ids_idx').using('gin', table.ancestorIds),
  ],
);

/**
 * Quantity on hand per component and location: the ledger's running sum, updated in the same transaction
 * as each movement. The CHECK is the last line of defence; postings already refuse to go below zero.
 *
 * Each row also carries the stock list's sort keys, copied from its component, category and location by
 * triggers (migration 0006, ADR 0013), so that every sort the list offers is one index walked in order.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    componentId: uuid()
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    locationId: uuid().notNull(),
    /** The location's, so department-scoped lists need no join to filter. */
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    quantity: numeric({ precision: 15, scale: 3 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The list's keys, never written by the application: lower() of the component's SKU and name, of its
    // category's and of the location's path, the component's default unit cost and its unit of measure.
    skuKey: text().notNull(),
    nameKey: text().notNull(),
    categoryKey: text(),
    locationKey: text().notNull(),
    unitCostMinor: bigint({ mode: 'number' }).notNull(),
    unit: text().notNull(),
    /** Quantity × unit cost, rounded half away from zero to the minor unit, as everywhere else. */
    valueMinor: numeric().generatedAlwaysAs(sql`round(quantity * unit_cost_minor)`),
  },
  (table) => [
    primaryKey({ columns: [table.componentId, table.locationId] }),
    foreignKey({
      name: 'stock_balances_location_fk',
      columns: [table.departmentId, table.locationId],
      foreignColumns: [locations.departmentId, locations.id],
    }).onDelete('restrict'),
    index('stock_balances_department_component_idx').on(table.departmentId, table.componentId),
    index('stock_balances_location_idx').on(table.locationId),
    // One per sort of the stock list, each ending in the list's tie-breakers (SKU, location): a page in either
    // direction is the index walked forwards or backwards. Descending by category keeps the rows without one
    // last, an order no backward walk gives: it has its own index.
    index('stock_balances_list_sku_idx').on(table.departmentId, table.skuKey, table.locationKey, table.locationId),
    index('stock_balances_list_name_idx').on(
      table.departmentId,
      table.nameKey,
      table.skuKey,
      table.locationKey,
      table.locationId,
    ),
    index('stock_balances_list_category_idx').on(
      table.departmentId,
      table.categoryKey,
      table.skuKey,
      table.locationKey,
      table.locationId,
    ),
    index('stock_balances_list_category_desc_idx').on(
      table.departmentId,
      table.categoryKey.desc().nullsLast(),
      table.skuKey.desc(),
      table.locationKey.desc(),
      table.locationId.desc(),
    ),
    index('stock_balances_list_location_idx').on(table.departmentId, table.locationKey, table.skuKey, table.locationId),
    index('stock_balances_list_quantity_idx').on(
      table.departmentId,
      table.quantity,
      table.skuKey,
      table.locationKey,
      table.locationId,
    ),
    index('stock_balances_list_value_idx').on(
      table.departmentId,
      table.valueMinor,
      table.skuKey,
      table.locationKey,
      table.locationId,
    ),
    check('stock_balances_quantity_nonnegative', sql`${table.quantity} >= 0`),
  ],
);

/**
 * Quantity of each component across all locations of a department, kept with the balances: the stock
 * list's "below minimum" filter and per-component totals read one row instead of summing locations.
 */
export const departmentStock = pgTable(
  'department_stock',
  {
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    componentId: uuid()
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: numeric({ precision: 15, scale: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.componentId] }),
    index('department_stock_component_idx').on(table.componentId),
    check('department_stock_quantity_nonnegative', sql`${table.quantity} >= 0`),
  ],
);

/**
 * Count and value of the department's balances with quantity > 0 (value as the stock list sums it:
 * round(quantity × default unit cost) per balance), so the unfiltered list need not add up every balance, and
 * the count of its movements, so the unfiltered ledger need not count them (migration 0008, ADR 0016).
 * Spread over 16 slots by component (the last byte of its id, mod 16) so concurrent postings rarely share a row;
 * the department's figures are the sum of its slots. Kept by triggers on stock_balances and components
 * (migration 0003, ADR 0011) and on movements (migration 0008, ADR 0016), so no write path can forget it.
 */
export const stockSummary = pgTable(
  'stock_summary',
  {
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    slot: smallint().notNull(),
    balances: bigint({ mode: 'number' }).notNull().default(0),
    valueMinor: numeric().notNull().default('0'),
    movements: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.slot] }),
    check('stock_summary_slot_valid', sql`${table.slot} between 0 and 15`),
  ],
);

/**
 * The quantity on hand of a stock summary slot, per unit of measure: pieces and metres do not add up
 * (migration 0010, ADR 0018). Written only by the trigger that holds the slot's row in stock_summary.
 */
export const stockSummaryQuantities = pgTable(
  'stock_summary_quantities',
  {
    departmentId: uuid().notNull(),
    slot: smallint().notNull(),
    unit: text().notNull(),
    // Unbounded numeric: a department's sum can outgrow numeric(15,3) while every balance fits it.
    quantity: numeric().notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.slot, table.unit] }),
    foreignKey({
      name: 'stock_summary_quantities_slot_fk',
      columns: [table.departmentId, table.slot],
      foreignColumns: [stockSummary.departmentId, stockSummary.slot],
    }),
  ],
);

export const MOVEMENT_TYPES = ['receipt', 'issue', 'transfer', 'adjustment', 'reversal'] as const;
export const MOVEMENT_ORIGINS = ['opening-balance'] as const;

/**
 * The append-only ledger (a trigger refuses UPDATE and DELETE). Each row takes `quantity` out of
 * `from_location_id` and/or puts it into `to_location_id`.
 */
export const movements = pgTable(
  'movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text({ enum: MOVEMENT_TYPES }).notNull(),
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    componentId: uuid()
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: numeric({ precision: 15, scale: 3 }).notNull(),
    fromLocationId: uuid(),
    toLocationId: uuid(),
    unitCostMinor: bigint({ mode: 'number' }),
    reference: text().notNull().default(''),
    note: text().notNull().default(''),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Unique: a movement is reversed at most once, whatever races the requests run. */
    reversalOfId: uuid().references((): never => movements.id as never, { onDelete: 'restrict' }),
    /**
     * Where a movement came from when no person typed it: `opening-balance` for an import's opening
     * stock. Stored as a code and put in words in the reader's language (screens and exports).
     */
    origin: text({ enum: MOVEMENT_ORIGINS }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'movements_from_location_fk',
      columns: [table.departmentId, table.fromLocationId],
      foreignColumns: [locations.departmentId, locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'movements_to_location_fk',
      columns: [table.departmentId, table.toLocationId],
      foreignColumns: [locations.departmentId, locations.id],
    }).onDelete('restrict'),
    uniqueIndex('movements_number_unique').on(table.number),
    uniqueIndex('movements_reversal_of_unique').on(table.reversalOfId),
    index('movements_department_number_idx').on(table.departmentId, table.number),
    index('movements_department_created_idx').on(table.departmentId, table.createdAt),
    index('movements_department_component_created_idx').on(table.departmentId, table.componentId, table.createdAt),
    index('movements_department_type_created_idx').on(table.departmentId, table.type, table.createdAt),
    index('movements_department_user_created_idx').on(table.departmentId, table.userId, table.createdAt),
    index('movements_from_location_idx').on(table.fromLocationId, table.createdAt),
    index('movements_to_location_idx').on(table.toLocationId, table.createdAt),
    index('movements_component_idx').on(table.componentId),
    check('movements_type_valid', sql`${table.type} in ('receipt', 'issue', 'transfer', 'adjustment', 'reversal')`),
    check('movements_quantity_positive', sql`${table.quantity} > 0`),
    check('movements_has_location', sql`${table.fromLocationId} is not null or ${table.toLocationId} is not null`),
    check('movements_distinct_locations', sql`${table.fromLocationId} is distinct from ${table.toLocationId}`),
  ],
);

/**
 * First successful response of each Idempotency-Key per user: a retry with the same key and body gets it
 * again instead of a second posting. Written in the posting's own transaction, so a failed posting
 * leaves no key behind and can be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer().notNull(),
    response: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * What a pending import holds: an uploaded components file waiting for its mapping, components (with opening
 * balances) as mapped and checked, or the leads or activity of a sales file.
 */
export const IMPORT_KINDS = ['component-file', 'components', 'leads', 'activity'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * A previewed import waiting for its commit; rows are stored as validated. Expires after an hour. A commit
 * takes only an import of its own kind.
 */
export const pendingImports = pgTable(
  'pending_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: IMPORT_KINDS }).notNull().default('components'),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The department a components import writes to; sales data belongs to no department. */
    departmentId: uuid().references(() => departments.id, { onDelete: 'cascade' }),
    rows: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pending_imports_created_idx').on(table.createdAt),
    check('pending_imports_kind_valid', sql`${table.kind} in ('component-file', 'components', 'leads', 'activity')`),
    check(
      'pending_imports_department_of_components',
      sql`(${table.kind} in ('component-file', 'components')) = (${table.departmentId} is not null)`,
    ),
  ],
);

/**
 * The mapping last imported with a components file of these headers (normalised, in order), proposed again for
 * the next file that has them: people import the same tool's exports again and again.
 */
export const importMappings = pgTable('import_mappings', {
  headersKey: text().primaryKey(),
  /** ImportMapping of the contract. */
  mapping: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
