import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

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
