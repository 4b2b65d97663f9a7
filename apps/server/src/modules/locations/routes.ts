import { IdParams, Location, LocationChange, LocationInput, LocationList } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { retryOnConflict } from '../../lib/database-errors.js';
import { currentDepartment, inDepartment, requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { locationTree } from '../trees/tree-store.js';
import { listLocations, locationInUse } from './repository.js';

const tags = ['locations'];
const ADMINISTRATORS = inDepartment(requireRole('administrator'));
/** The current department's location tree: everyone in it reads it, administrators shape it. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: "The current department's locations, flat, ordered by path",
      response: { 200: LocationList, ...problems(401, 403) },
    },
    handler: async (request) => {
      return { items: await listLocations(app.db, currentDepartment(request)) };
    },
  });

  app.post('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Create a location in the current department',
      body: LocationInput,
      response: { 201: Location, ...problems(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const department = currentDepartment(request);
      return reply
        .status(201)
        .send(await app.db.transaction((tx) => locationTree.create(tx, department, request.body)));
    },
  });

  app.patch('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Rename or move a location (its subtree follows)',
      params: IdParams,
      body: LocationChange,
      response: { 200: Location, ...problems(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request) => {
      const department = currentDepartment(request);
      // A rename rewrites the list keys of the balances below; a deadlock with a posting is retried (ADR 0013).
      return retryOnConflict(() =>
        app.db.transaction((tx) => locationTree.update(tx, department, request.params.id, request.body)),
      );
    },
  });

  app.delete('/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Delete a location that never held stock',
      params: IdParams,
      response: { 204: z.null(), ...problems(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const department = currentDepartment(request);
      await app.db.transaction((tx) => locationTree.remove(tx, department, id, locationInUse(id)));
      return reply.status(204).send(null);
    },
  });
};
