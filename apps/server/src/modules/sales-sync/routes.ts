import { IdParams, SyncRun, SyncRunList, SyncRunListQuery, SyncStartResponse } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { findRun, listRuns } from './runs.js';

const tags = ['sales settings'];
const ADMINISTRATORS = requireRole('administrator');

/** Sync with amoCRM on demand, and its history with live progress (administrators). */
export const salesSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Start a sync with amoCRM now; follow it at /api/sales/sync/runs/{runId}',
      response: { 202: SyncStartResponse, ...problems(401, 403, 409) },
    },
    handler: async (request, reply) => {
      const started = await app.salesSync.start('manual', authOf(request).userId);
      return reply.status(202).send(started);
    },
  });

  app.get('/runs', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Sync history, newest first',
      querystring: SyncRunListQuery,
      response: { 200: SyncRunList, ...problems(400, 401, 403) },
    },
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const result = await listRuns(app.db, { offset: (page - 1) * pageSize, limit: pageSize });
      return { ...result, page, pageSize };
    },
  });

  app.get('/runs/:id', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'One sync: its status and counters, updated as pages complete while it runs',
      params: IdParams,
      response: { 200: SyncRun, ...problems(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const run = await findRun(app.db, request.params.id);
      if (!run) throw new AppError('NOT_FOUND', { detail: 'No such sync run.' });
      return run;
    },
  });
};
