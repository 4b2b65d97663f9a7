import { ColleagueList, PasswordChange, ProfileChange, SignedInUser } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, currentDepartment, inDepartment, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { createProfileService } from './service.js';

const tags = ['profile'];

/**
 * The signed-in person's own account (PRODUCT.md §5 "Profile"): every route acts on the caller alone, named by
 * the access token, never by an id in the request. What the profile shows of the account is `/auth/me`.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profile = createProfileService(app);

  app.patch('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Change your own name, language or theme; answers the signed-in user as /auth/me does',
      body: ProfileChange,
      response: { 200: SignedInUser, ...problems(400, 401) },
    },
    handler: (request) => profile.change(authOf(request), request.body, request.ip),
  });

  app.post('/password', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Change your own password; every other session of yours ends, this one carries on',
      description:
        'A wrong current password answers 422 CURRENT_PASSWORD_INCORRECT; repeated wrong ones are throttled like sign-in attempts (429).',
      body: PasswordChange,
      response: { 204: z.null().describe('Password changed'), ...problems(400, 401, 422, 429) },
    },
    handler: async (request, reply) => {
      await profile.changePassword(authOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.get('/colleagues', {
    config: { access: inDepartment(SIGNED_IN) },
    schema: {
      tags,
      summary: 'The other active members of your current department, with what a colleague may see of them',
      response: { 200: ColleagueList, ...problems(401, 403) },
    },
    handler: (request) => profile.colleagues(authOf(request), currentDepartment(request)),
  });
};
