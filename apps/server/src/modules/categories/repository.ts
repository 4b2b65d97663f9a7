import type { Category } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

/** Categories ordered by path with the number of components filed directly under each; one when `id` is given. */
export async function listCategories(db: Executor, id?: string): Promise<Category[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    parent_id: string | null;
    path: string;
    component_count: number;
  }>(
    db,
    sql`select c.id, c.name, c.parent_id, c.path,
               (select count(*)::int from components where category_id = c.id) as component_count
        from categories c ${id ? sql`where c.id = ${id}` : sql``} order by lower(c.path)`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    path: row.path,
    componentCount: Number(row.component_count),
  }));
}

/** What keeps a category from being deleted: a component filed directly under it. */
export function categoryInUse(id: string): SQL {
  return sql`exists (select 1 from components where category_id = ${id})`;
}
