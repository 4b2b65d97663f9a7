import type { BonusLevel } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Versions of the bonus scheme of each management type (PRODUCT.md §5, ADR 0031). A month is paid by the
 * newest version whose `effective_from` is not after it, so a change from next month leaves this month as it was.
 * Percentages are kept as the administrator typed them, to two decimals; levels are a list because they are only
 * ever read and written whole, with their scheme.
 */
export const bonusSchemeVersions = pgTable(
  'bonus_scheme_versions',
  {
    managementType: text().notNull(),
    /** `YYYY-MM`: the first month the version pays. */
    effectiveFrom: text().notNull(),
    fixedSalaryMinor: bigint({ mode: 'number' }).notNull(),
    tierMode: text().notNull(),
    levels: jsonb().$type<BonusLevel[]>().notNull(),
    fixedBonusAt120Minor: bigint('fixed_bonus_at_120_minor', { mode: 'number' }).notNull(),
    abovePlanRatePercent: numeric({ precision: 5, scale: 2 }).notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.managementType, table.effectiveFrom] }),
    check('bonus_scheme_versions_type_valid', sql`${table.managementType} in ('offline', 'online', 'hybrid')`),
    check('bonus_scheme_versions_month_valid', sql`${table.effectiveFrom} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('bonus_scheme_versions_tier_mode_valid', sql`${table.tierMode} in ('highest', 'marginal')`),
    check(
      'bonus_scheme_versions_amounts_valid',
      sql`${table.fixedSalaryMinor} >= 0 and ${table.fixedBonusAt120Minor} >= 0
          and ${table.abovePlanRatePercent} between 0 and 100`,
    ),
    check('bonus_scheme_versions_levels_list', sql`jsonb_typeof(${table.levels}) = 'array'`),
  ],
);
