import { AppInfoResponse, HealthResponse } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { PUBLIC } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { organisation } from '../organisation/repository.js';
import { databaseAnswers } from './repository.js';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get('/health', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Liveness and database reachability, for load balancers: 503 also once the instance is shutting down',
      response: { 200: HealthResponse, ...problems(503) },
    },
    handler: async () => {
      // Everything else is still served: the balancer stops sending requests before the instance stops taking them.
      if (app.lifecycle.draining) {
        throw new AppError('SERVICE_UNAVAILABLE', { detail: 'The server is shutting down.' });
      }
      try {
        await databaseAnswers(app.db);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', { detail: 'The database is not reachable.' });
      }
      return { status: 'ok' as const, database: app.databaseKind };
    },
  });

  app.get('/app-info', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Product name, brand and version, and the organisation currency and time zone',
      response: { 200: AppInfoResponse },
    },
    handler: async () => ({
      name: app.config.appName,
      brand: app.config.appBrand,
      version: options.version,
      ...(await organisation(app.db, app.config.timeZone)),
    }),
  });
};
