import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { inJsonList } from '../imports/checked-table.js';

/**
 * The manager AMO IDs that no user has, in ascending order. Their rows are imported all the same, without
 * a manager, as the sync stores such leads; giving a user that AMO ID later attributes them.
 */
export async function unmatchedManagers(db: Executor, amoIds: readonly number[]): Promise<number[]> {
  const distinct = [...new Set(amoIds)].sort((a, b) => a - b);
  if (distinct.length === 0) return [];
  const rows = await queryRows<{ amo_id: string | number }>(
    db,
    sql`select amo_id from users where amo_id in ${inJsonList(distinct, 'bigint')}`,
  );
  const matched = new Set(rows.map((row) => Number(row.amo_id)));
  return distinct.filter((id) => !matched.has(id));
}
