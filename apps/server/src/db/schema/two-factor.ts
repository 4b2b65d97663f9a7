import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's authenticator-app secret (ADR 0043). Sealed by lib/secret-box with a key derived from APP_SECRET, so a
 * copy of the database alone cannot produce codes. Sign-in asks for a code once `enabled_at` is set; until then the
 * row is a setup waiting for its first code.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The 30-second time step of the last code accepted: a code of that step or an earlier one is a replay. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, each kept only as a keyed hash (HMAC-SHA-256 with a key derived from APP_SECRET). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** The company's security policy: one row (id 1) once an administrator first saves it; none reads as the defaults. */
export const securityPolicy = pgTable(
  'security_policy',
  {
    id: smallint().primaryKey().default(1),
    requireTwoFactorForAdministrators: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('security_policy_single_row', sql`${table.id} = 1`)],
);

/**
 * Whether the user must turn on two-factor sign-in before anything else: an administrator while the policy requires
 * it and they have not. Read by every request's check of its caller, and for the signed-in user's view.
 */
export function twoFactorSetupDue(userId: SQLWrapper, role: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(${role} = 'administrator'
    and coalesce((select ${securityPolicy.requireTwoFactorForAdministrators} from ${securityPolicy} where ${securityPolicy.id} = 1), false)
    and not exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${userId} and ${userTwoFactor.enabledAt} is not null))`;
}
