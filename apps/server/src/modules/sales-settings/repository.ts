import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { databaseError } from '../../lib/database-errors.js';

/** SQLSTATE invalid_parameter_value: what PostgreSQL answers to a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/** Whether the database knows a time zone by this name. */
export async function databaseKnowsTimeZone(db: Executor, timeZone: string): Promise<boolean> {
  try {
    await queryRows(db, sql`select now() at time zone ${timeZone}`);
    return true;
  } catch (error) {
    if (databaseError(error)?.code !== INVALID_PARAMETER_VALUE) throw error;
    return false;
  }
}
