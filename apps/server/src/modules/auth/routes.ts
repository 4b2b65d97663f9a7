import {
  CheckResponse,
  DepartmentSwitchRequest,
  DepartmentSwitchResponse,
  DevModeResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  RefreshRequest,
  RefreshResponse,
  SignedInUser,
} from '@cm/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOf,
  bearerToken,
  evenBeforePasswordChange,
  evenBeforeTwoFactorSetup,
  PUBLIC,
  SIGNED_IN,
  verifyCaller,
} from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { type Client, createAuthService, sessionUserAgent } from './service.js';

const tags = ['auth'];

function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: sessionUserAgent(request.headers['user-agent']) };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app);

  app.post('/login', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Sign in with e-mail and password, and the code of an account with two-factor sign-in',
      description:
        'An account with two-factor sign-in answers a right password without `code` with 401 SECOND_FACTOR_REQUIRED; ' +
        'the client asks for the code and sends all three again. A wrong, replayed or spent code answers 401 ' +
        'SECOND_FACTOR_INVALID; wrong codes are throttled per account like wrong passwords (429).',
      body: LoginRequest,
      response: { 200: LoginResponse, ...problems(400, 401, 429) },
    },
    handler: (request) => auth.signIn(request.body, clientOf(request)),
  });

  app.post('/refresh', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Exchange a refresh token for a new token pair (the old one is rotated)',
      body: RefreshRequest,
      response: { 200: RefreshResponse, ...problems(400, 401) },
    },
    handler: (request) => auth.refresh(request.body.refreshToken, clientOf(request)),
  });

  app.post('/department/switch', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Work in another of your departments; reissues both tokens',
      body: DepartmentSwitchRequest,
      response: { 200: DepartmentSwitchResponse, ...problems(400, 401, 403) },
    },
    handler: (request) => auth.switchDepartment(authOf(request), request.body.newDepartment, clientOf(request)),
  });

  app.get('/me', {
    // A session that must replace a temporary password, or turn on two-factor sign-in, reads who it is to know it must.
    config: { access: evenBeforeTwoFactorSetup(evenBeforePasswordChange(SIGNED_IN)) },
    schema: { tags, summary: 'The signed-in user', response: { 200: SignedInUser, ...problems(401) } },
    handler: (request) => auth.currentUser(authOf(request)),
  });

  app.get('/check', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Whether the bearer token belongs to a live session (never 401)',
      response: { 200: CheckResponse },
    },
    handler: async (request) => {
      const token = bearerToken(request);
      return { loggedIn: token !== null && (await verifyCaller(app, token)) !== null };
    },
  });

  app.post('/logout', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'End the session of this refresh token',
      body: LogoutRequest,
      response: { 204: z.null().describe('Signed out'), ...problems(400) },
    },
    handler: async (request, reply) => {
      await auth.signOut(request.body.refreshToken, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.get('/dev-mode', {
    config: { access: PUBLIC },
    schema: { tags, summary: 'Whether developer mode is on', response: { 200: DevModeResponse } },
    handler: async () => ({ devMode: app.config.devMode }),
  });
};
