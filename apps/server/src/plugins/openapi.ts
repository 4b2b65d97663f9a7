import { Problem } from '@cm/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from './auth.js';

/** Problem responses of a route, for its OpenAPI description: `...problems(400, 401)`. */
export function problems<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as Record<Status, typeof Problem>;
}

/**
 * A request body that is a file sent as it is (read into a Buffer by the route's own content parser),
 * described in OpenAPI as binary.
 */
export const FileBody = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/** OpenAPI document built from the routes' zod schemas, at /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  // Whatever its own rule, a signed-in route answers 403 PASSWORD_CHANGE_REQUIRED to a session that still holds a
  // temporary password (ADR 0038): said once here rather than in every route's list.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (access?.kind !== 'signed-in' || access.beforePasswordChange || !responses || 403 in responses) return;
    route.schema = { ...route.schema, response: { ...responses, 403: Problem } };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Components Master API',
        description:
          'Back office for sales performance and component stock. Errors are `application/problem+json` with a stable `code`.',
        version: options.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(async (docs) => {
    // The reference is documentation of a public contract: its routes are open to everyone.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: PUBLIC };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () => app.swagger());
});
