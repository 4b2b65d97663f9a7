import { AppInfoResponse, HealthResponse } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { problems } from '../../plugins/openapi.js';
import { organisation } from '../sales-settings/settings.js';

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
        await app.db.execute(sql`select 1`);
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
