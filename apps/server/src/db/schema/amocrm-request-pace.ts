import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The pace of requests to each amoCRM account, shared by every server instance on one PostgreSQL database
 * (ADR 0048): the last requests-per-second slots as a ring, slot n at index n % size + 1. A slot's answer stays
 * null while its request is in flight. `held_until` is set after a 429 with Retry-After. PGlite does not use it:
 * one process owns that database and paces in memory.
 */
export const amocrmRequestPace = pgTable('amocrm_request_pace', {
  /** The account's base URL, as the client reaches it. */
  account: text().primaryKey(),
  /** How many slots have been taken so far; the next one is slot number `taken`. */
  taken: bigint({ mode: 'number' }).notNull().default(0),
  startedAt: timestamp({ withTimezone: true }).array().notNull().default([]),
  answeredAt: timestamp({ withTimezone: true }).array().notNull().default([]),
  heldUntil: timestamp({ withTimezone: true }),
});
