import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { images } from './images.js';

/** Company-wide category tree. `path` and `ancestorIds` are kept in step with the tree by the service. */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    parentId: uuid().references((): never => categories.id as never, { onDelete: 'restrict' }),
    /** Names from the root joined with " / ": sorting and display without a recursive query. */
    path: text().notNull(),
    /** Ids from the root down to this node itself: "this category and below" is `ancestor_ids @> {id}`. */
    ancestorIds: uuid().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('categories_sibling_name_unique').on(
      sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.name})`,
    ),
    index('categories_ancestor_ids_idx').using('gin', table.ancestorIds),
  ],
);

/** Company-wide component master data. */
export const components = pgTable(
  'components',
  {
    id: uuid().primaryKey().defaultRandom(),
    sku: text().notNull(),
    name: text().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'restrict' }),
    manufacturer: text().notNull().default(''),
    manufacturerPartNumber: text().notNull().default(''),
    package: text().notNull().default(''),
    unit: text().notNull().default('pcs'),
    description: text().notNull().default(''),
    imageId: uuid().references(() => images.id, { onDelete: 'set null' }),
    datasheetUrl: text().notNull().default(''),
    minimumStock: numeric({ precision: 15, scale: 3 }).notNull().default('0'),
    defaultUnitCostMinor: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * What the substring search reads: SKU, name, manufacturer and part number, lowered. Stored, so that
     * checking a trigram index candidate compares this text instead of lowering four columns again.
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(sku || ' ' || name || ' ' || manufacturer || ' ' || manufacturer_part_number)`),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('components_sku_unique').on(sql`lower(${table.sku})`),
    index('components_name_idx').on(table.name),
    index('components_category_idx').on(table.categoryId),
    index('components_manufacturer_idx').on(table.manufacturer),
    index('components_updated_at_idx').on(table.updatedAt),
    // Substring search over the fields people type: SKU, name, manufacturer, part number.
    index('components_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('components_minimum_stock_nonnegative', sql`${table.minimumStock} >= 0`),
    check('components_default_unit_cost_nonnegative', sql`${table.defaultUnitCostMinor} >= 0`),
  ],
);

/** Technical parameters of a component (name / value / unit), in the order the user entered them. */
export const componentParameters = pgTable(
  'component_parameters',
  {
    componentId: uuid()
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    value: text().notNull(),
    unit: text().notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.componentId, table.position] })],
);

/**
 * One row: how many committed transactions have changed the catalogue (components, categories, locations).
 * With the department's ledger count (ADR 0016) it dates a cached stock page (ADR 0020). Kept by triggers
 * (migration 0011), once per transaction, at its commit.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean().primaryKey().default(true),
    changes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [check('catalogue_version_one_row', sql`${table.id}`)],
);
