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

/**
 * A list's filters with the location filter dropped when it excludes nothing: when the location's subtree
 * holds every location of the department, as the root of a one-warehouse department does. Every balance and
 * every movement of a department is at one of its locations (a movement at one at least, by its CHECK), so
 * the list is then the whole department's, which its sort's index and the stock summary serve without
 * reading each row in the subtree (ADR 0015).
 */
export async function withNarrowingLocation<Filters extends { locationId?: string | undefined }>(
  db: Executor,
  departmentId: string,
  filters: Filters,
): Promise<Filters> {
  if (!filters.locationId) return filters;
  const [outside] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select from locations where department_id = ${departmentId}
                         and not ancestor_ids @> array[${filters.locationId}::uuid]) as any`,
  );
  return outside?.any === false ? { ...filters, locationId: undefined } : filters;
}
