import { Category, CategoryChange, CategoryInput, CategoryList, IdParams } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { problems } from '../../plugins/openapi.js';
import { categoryTree } from '../trees/tree-store.js';

const tags = ['categories'];
const ADMINISTRATORS = requireRole('administrator');
/** Categories ordered by path with the number of components filed directly under each; one when `id` is given. */
async function listCategories(db: Executor, id?: string): Promise<Category[]> {
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

/** The company-wide category tree: everyone reads it, administrators shape it. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'All categories, flat, ordered by path',
      response: { 200: CategoryList, ...problems(401) },
    },
    handler: async () => ({ items: await listCategories(app.db) }),
  });

  app.post('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Create a category',
      body: CategoryInput,
      response: { 201: Category, ...problems(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const node = await app.db.transaction((tx) => categoryTree.create(tx, null, request.body));
      return reply.status(201).send({ ...node, componentCount: 0 });
    },
  });

  app.patch('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Rename or move a category (its subtree follows)',
      params: IdParams,
      body: CategoryChange,
      response: { 200: Category, ...problems(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request) => {
      // A rename rewrites the list keys of the balances below; a deadlock with a posting is retried (ADR 0013).
      const node = await retryOnConflict(() =>
        app.db.transaction((tx) => categoryTree.update(tx, null, request.params.id, request.body)),
      );
      const [category] = await listCategories(app.db, node.id);
      if (!category) throw new AppError('NOT_FOUND');
      return category;
    },
  });

  app.delete('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Delete an empty category',
      params: IdParams,
      response: { 204: z.null(), ...problems(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction((tx) =>
        categoryTree.remove(tx, null, id, sql`exists (select 1 from components where category_id = ${id})`),
      );
      return reply.status(204).send(null);
    },
  });
};
