import { sql } from 'drizzle-orm';
import { bigint, check, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { departments } from './departments.js';

/**
 * The closings of a department's stock at the end of each month (organisation time zone) since its first
 * movement: which ones are complete. A month's rows in `stock_closings` count only once its row is here, so a
 * month with nothing on hand is a closing too (ADR 0044).
 */
export const stockClosingMonths = pgTable(
  'stock_closing_months',
  {
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    /** The instant the month ended: the closing holds every movement posted before it. */
    closedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.departmentId, table.closedAt] })],
);

/**
 * Quantity on hand per component and location at a closing: the ledger's sum up to `closed_at`, built from
 * the previous closing and the month's movements. Only quantities above zero are kept. A report at a past
 * instant reads the last closing before it and adds the movements since, never the ledger from its start.
 * Derived from the ledger alone: a movement posted with an earlier time drops the closings after it, which
 * are built again when next asked for (migration 0029).
 */
export const stockClosings = pgTable(
  'stock_closings',
  {
    departmentId: uuid().notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull(),
    componentId: uuid().notNull(),
    locationId: uuid().notNull(),
    quantity: numeric({ precision: 15, scale: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.departmentId, table.closedAt, table.componentId, table.locationId] }),
    check('stock_closings_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * What the department's movements of each component added up to before a closing, since its first: received,
 * issued, transferred in and out, adjusted, as the movement summary counts them department-wide (in thousandths of
 * the unit, the summary's own sums), and how many movements there were. A period's summary is then one closing's
 * figures less another's plus the movements at the period's two edges, never the months between (ADR 0044). Built
 * and dropped with the closing's other rows.
 */
export const stockClosingFlows = pgTable(
  'stock_closing_flows',
  {
    departmentId: uuid().notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull(),
    componentId: uuid().notNull(),
    received: bigint({ mode: 'bigint' }).notNull(),
    issued: bigint({ mode: 'bigint' }).notNull(),
    transferredIn: bigint({ mode: 'bigint' }).notNull(),
    transferredOut: bigint({ mode: 'bigint' }).notNull(),
    adjusted: bigint({ mode: 'bigint' }).notNull(),
    movements: bigint({ mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.departmentId, table.closedAt, table.componentId] })],
);
