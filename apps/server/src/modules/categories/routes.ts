import { Category, CategoryChange, CategoryInput, CategoryList, IdParams } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.js';
import { requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { treeStore } from '../trees/tree-store.js';

const tags = ['categories'];
const ADMINISTRATORS = requireRole('administrator');
const store = treeStore({
  table: 'categories',
  siblingNameIndex: 'categories_sibling_name_unique',
  whenInUse: 'CATEGORY_NOT_EMPTY',
});

/** The company-wide category tree: everyone reads it, administrators shape it. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'All categories, flat, ordered by path',
      response: { 200: CategoryList, ...problems(401) },
    },
    handler: async () => {
      const rows = await queryRows<{
        id: string;
        name: string;
        parent_id: string | null;
        path: string;
        component_count: number;
      }>(
        app.db,
        sql`
        select c.id, c.name, c.parent_id, c.path,
               (select count(*)::int from components where category_id = c.id) as component_count
        from categories c order by lower(c.path)`,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          parentId: row.parent_id,
          path: row.path,
          componentCount: Number(row.component_count),
        })),
      };
    },
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
      const node = await app.db.transaction((tx) => store.create(tx, null, request.body));
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
      const node = await app.db.transaction((tx) => store.update(tx, null, request.params.id, request.body));
      const [count] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from components where category_id = ${node.id}`,
      );
      return { ...node, componentCount: Number(count?.n ?? 0) };
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
        store.remove(tx, null, id, sql`exists (select 1 from components where category_id = ${id})`),
      );
      return reply.status(204).send(null);
    },
  });
};
