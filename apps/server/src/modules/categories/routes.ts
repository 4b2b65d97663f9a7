import { Category, CategoryChange, CategoryInput, CategoryList, IdParams } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { categoryTree } from '../trees/tree-store.js';
import { categoryInUse, listCategories } from './repository.js';

const tags = ['categories'];
const ADMINISTRATORS = requireRole('administrator');
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
      await app.db.transaction((tx) => categoryTree.remove(tx, null, id, categoryInUse(id)));
      return reply.status(204).send(null);
    },
  });
};
