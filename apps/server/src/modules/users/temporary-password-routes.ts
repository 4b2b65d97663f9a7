import { IdParams, TemporaryPasswordRequest, TemporaryPasswordResponse } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { giveTemporaryPassword } from './temporary-password.js';

/** An administrator gives a user a temporary password (PRODUCT.md §4 "Users"); everyone else 403. */
export const temporaryPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/:id/temporary-password', {
    config: { access: requireRole('administrator') },
    schema: {
      tags: ['users'],
      summary: 'Give a user a temporary password, typed or generated, that they must replace at their next sign-in',
      description:
        'Answers the password this once; it is stored only hashed and never audited. Every session of the user ends at once; until they set a new password, their sessions answer 403 PASSWORD_CHANGE_REQUIRED to everything but /auth/me and POST /profile/password. CANNOT_SET_OWN_TEMPORARY_PASSWORD (409) for yourself; USER_DEACTIVATED (409) for a deactivated user.',
      params: IdParams,
      body: TemporaryPasswordRequest,
      response: { 200: TemporaryPasswordResponse, ...problems(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      // The password is in this answer alone: no cache or proxy may keep it.
      reply.header('cache-control', 'no-store');
      return giveTemporaryPassword(
        app.db,
        { userId: request.params.id, password: request.body.password },
        { userId: authOf(request).userId, ip: request.ip },
      );
    },
  });
};
