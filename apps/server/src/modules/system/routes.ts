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
      summary: 'Liveness and database reachability, for load balancers',
      response: { 200: HealthResponse, ...problems(503) },
    },
    handler: async () => {
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
