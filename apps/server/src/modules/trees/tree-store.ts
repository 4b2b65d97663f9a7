import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';

/** Separator of the names in a node's `path`. */
export const PATH_SEPARATOR = ' / ';

export type TreeNode = { id: string; name: string; parentId: string | null; path: string };

type TreeTable = {
  table: 'categories' | 'locations';
  /** Unique index on sibling names, whose violation means NAME_TAKEN. */
  siblingNameIndex: string;
  whenInUse: 'CATEGORY_NOT_EMPTY' | 'LOCATION_NOT_EMPTY';
};

type TreeRow = { id: string; name: string; parent_id: string | null; path: string; ancestor_ids: string[] | string };

/**
 * Storage of a tree (categories company-wide, locations per department) with the materialised `path` and
 * `ancestor_ids` kept in step on every change, so reads never need a recursive query. A department id
 * limits every statement to that department's tree.
 */
function treeStore({ table, siblingNameIndex, whenInUse }: TreeTable) {
  const name = sql.identifier(table);
  const inScope = (departmentId: string | null) =>
    departmentId === null ? sql`true` : sql`department_id = ${departmentId}`;

  /**
   * Serialises changes to the shape of one tree (one department's locations, or the categories): two moves
   * could otherwise each pass the cycle check against a snapshot, and a child created during a rename
   * could keep its parent's old path.
   */
  async function lockTree(db: Executor, departmentId: string | null): Promise<void> {
    await queryRows(
      db,
      sql`select pg_advisory_xact_lock(hashtextextended(${`tree:${table}:${departmentId ?? ''}`}, 0))`,
    );
  }

  async function find(db: Executor, departmentId: string | null, id: string) {
    const rows = await queryRows<TreeRow>(
      db,
      sql`select id, name, parent_id, path, ancestor_ids from ${name} where id = ${id} and ${inScope(departmentId)}`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      parentId: row.parent_id,
      path: row.path,
      ancestorIds: uuidList(row.ancestor_ids),
    };
  }

  async function parentOf(db: Executor, departmentId: string | null, parentId: string | null) {
    if (!parentId) return null;
    const parent = await find(db, departmentId, parentId);
    if (!parent) {
      throw new AppError('VALIDATION_FAILED', {
        errors: [{ path: 'body.parentId', message: 'No such parent', code: 'not_found' }],
      });
    }
    return parent;
  }

  async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, siblingNameIndex)) throw new AppError('NAME_TAKEN');
      throw error;
    }
  }

  return {
    find,

    /** Creates a node under `parentId` (null: a root of the tree). */
    async create(
      db: Executor,
      departmentId: string | null,
      input: { name: string; parentId: string | null },
    ): Promise<TreeNode> {
      await lockTree(db, departmentId);
      const parent = await parentOf(db, departmentId, input.parentId);
      const id = randomUUID();
      const path = parent ? `${parent.path}${PATH_SEPARATOR}${input.name}` : input.name;
      const ancestorIds = uuidArray([...(parent?.ancestorIds ?? []), id]);
      await withNameCheck(() =>
        db.execute(
          departmentId === null
            ? sql`insert into ${name} (id, name, parent_id, path, ancestor_ids)
                  values (${id}, ${input.name}, ${input.parentId}, ${path}, ${ancestorIds})`
            : sql`insert into ${name} (id, name, parent_id, path, ancestor_ids, department_id)
                  values (${id}, ${input.name}, ${input.parentId}, ${path}, ${ancestorIds}, ${departmentId})`,
        ),
      );
      return { id, name: input.name, parentId: input.parentId, path };
    },

    /**
     * Renames and/or moves a node (a field left out keeps its value); the paths and ancestors of its whole
     * subtree follow.
     */
    async update(
      db: Executor,
      departmentId: string | null,
      id: string,
      change: { name?: string | undefined; parentId?: string | null | undefined },
    ): Promise<TreeNode> {
      await lockTree(db, departmentId);
      const node = await find(db, departmentId, id);
      if (!node) throw new AppError('NOT_FOUND');
      const input = {
        name: change.name ?? node.name,
        parentId: change.parentId === undefined ? node.parentId : change.parentId,
      };
      const parent = await parentOf(db, departmentId, input.parentId);
      if (parent?.ancestorIds.includes(id)) throw new AppError('PARENT_INVALID');
      const path = parent ? `${parent.path}${PATH_SEPARATOR}${input.name}` : input.name;
      const ancestorIds = uuidArray([...(parent?.ancestorIds ?? []), id]);
      await withNameCheck(() =>
        db.execute(sql`
          update ${name} set
            name = case when id = ${id} then ${input.name} else name end,
            parent_id = case when id = ${id} then ${input.parentId}::uuid else parent_id end,
            path = ${path} || substr(path, char_length(${node.path}) + 1),
            ancestor_ids = ${ancestorIds} || ancestor_ids[array_position(ancestor_ids, ${id}::uuid) + 1:]
          where ancestor_ids @> array[${id}::uuid] and ${inScope(departmentId)}`),
      );
      return { id, name: input.name, parentId: input.parentId, path };
    },

    /** Deletes a node without children; `inUse` is a SQL condition telling whether anything refers to it. */
    async remove(db: Executor, departmentId: string | null, id: string, inUse: SQL): Promise<void> {
      await lockTree(db, departmentId);
      const node = await find(db, departmentId, id);
      if (!node) throw new AppError('NOT_FOUND');
      const blocked = await queryRows<{ blocked: boolean }>(
        db,
        sql`select (exists (select 1 from ${name} where parent_id = ${id}) or ${inUse}) as blocked`,
      );
      if (blocked[0]?.blocked) throw new AppError(whenInUse);
      await db.execute(sql`delete from ${name} where id = ${id} and ${inScope(departmentId)}`);
    },
  };
}

/** A uuid[] value, sent as its text form so pg and PGlite bind it alike. */
function uuidArray(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** uuid[] as the driver returns it: an array, or the '{a,b}' text form. */
function uuidList(value: string[] | string): string[] {
  return Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
}

/** The company-wide category tree. */
export const categoryTree = treeStore({
  table: 'categories',
  siblingNameIndex: 'categories_sibling_name_unique',
  whenInUse: 'CATEGORY_NOT_EMPTY',
});

/** The location trees, one per department. */
export const locationTree = treeStore({
  table: 'locations',
  siblingNameIndex: 'locations_sibling_name_unique',
  whenInUse: 'LOCATION_NOT_EMPTY',
});
