import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { departments } from './departments.js';
import { users } from './users.js';

/**
 * Opaque refresh tokens, stored only as a SHA-256 hash. All tokens descending from one sign-in share a
 * family; presenting a token that was already rotated revokes the whole family (theft detection), except
 * the token just before the family's live one, within a short grace: that is answered with the pair
 * its rotation issued, kept sealed in its row (ADR 0003).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: a token unused until then is dead. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry of the family, fixed at sign-in. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token its rotation issued. */
    successorId: uuid('successor_id').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
    /** The browser that signed in (its User-Agent, trimmed), carried through rotations, to name the session. */
    userAgent: text('user_agent'),
    /** The address the token was last presented from: sign-in, then each rotation. */
    ip: text('ip'),
    /** The token pair its rotation answered, sealed with APP_SECRET (lib/secret-box.ts), to answer a repeat with. */
    successorPairSealed: text('successor_pair_sealed'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_expires_idx').on(table.familyExpiresAt),
  ],
);
