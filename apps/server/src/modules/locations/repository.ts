import type { Location } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

/** A department's locations, flat, ordered by path. */
export async function listLocations(db: Executor, departmentId: string): Promise<Location[]> {
  const rows = await queryRows<{ id: string; name: string; parent_id: string | null; path: string }>(
    db,
    sql`select id, name, parent_id, path from locations where department_id = ${departmentId} order by lower(path)`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id, path: row.path }));
}

/** What keeps a location from being deleted: stock held there, or any movement that ever touched it. */
export function locationInUse(id: string): SQL {
  return sql`exists (select 1 from stock_balances where location_id = ${id})
             or exists (select 1 from movements where from_location_id = ${id} or to_location_id = ${id})`;
}
