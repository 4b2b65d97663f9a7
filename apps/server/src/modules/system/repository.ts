import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** Resolves when the database answers a query; throws when it cannot be reached. */
export async function databaseAnswers(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
