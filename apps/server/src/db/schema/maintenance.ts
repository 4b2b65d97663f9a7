import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Maintenance mode as administrators saved it (ADR 0046): one row (id 1) once it is first saved; none reads as off.
 * Every instance reads it here, so a switch made on one holds on all at their next request. Who changed it, and
 * when, is in the audit trail.
 */
export const maintenanceMode = pgTable(
  'maintenance_mode',
  {
    id: smallint().primaryKey().default(1),
    active: boolean().notNull().default(false),
    message: text(),
    expectedEnd: timestamp({ withTimezone: true }),
  },
  (table) => [check('maintenance_mode_single_row', sql`${table.id} = 1`)],
);
