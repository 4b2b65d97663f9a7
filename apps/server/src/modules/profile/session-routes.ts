import { AccountSessionList, IdParams, OtherSessionsSignedOut } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { accountSessions } from './sessions.js';

const tags = ['profile'];

/** The Security tab's sessions (PRODUCT.md §4, §5): everyone, their own sessions only, named by the access token. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = accountSessions(app.db);

  app.get('', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Your live sessions: device, address, when signed in and last used, and which one is this',
      response: { 200: AccountSessionList, ...problems(401, 403) },
    },
    handler: (request) => sessions.list(authOf(request)),
  });

  app.delete('/:id', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Sign out one of your sessions: its refresh and access tokens stop working at once',
      description: 'NOT_FOUND (404) for a session that is not yours or has ended already.',
      params: IdParams,
      response: { 204: z.null().describe('Signed out'), ...problems(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await sessions.signOut(authOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.post('/sign-out-others', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Sign out every session of yours but this one',
      response: { 200: OtherSessionsSignedOut, ...problems(401, 403) },
    },
    handler: (request) => sessions.signOutOthers(authOf(request), request.ip),
  });
};
