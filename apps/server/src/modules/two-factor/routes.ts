import {
  IdParams,
  PasswordConfirmation,
  RecoveryCodes,
  SecurityPolicy,
  TwoFactorConfirmation,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, evenBeforeTwoFactorSetup, requireRole, SIGNED_IN } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { createTwoFactorService } from './service.js';

/**
 * Two-factor sign-in on the Security tab of the profile (PRODUCT.md §4, ADR 0043): everyone, their own account only,
 * named by the access token. An administrator the policy requires to turn it on may read and set it up, nothing else.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = createTwoFactorService(app);
  const tags = ['profile'];
  const UNTIL_SET_UP = evenBeforeTwoFactorSetup(SIGNED_IN);

  app.get('', {
    config: { access: UNTIL_SET_UP },
    schema: {
      tags,
      summary:
        'Whether sign-in asks you for a code, how many recovery codes are left, and whether the policy requires it',
      response: { 200: TwoFactorStatus, ...problems(401, 403) },
    },
    handler: (request) => twoFactor.status(authOf(request)),
  });

  app.post('/setup', {
    config: { access: UNTIL_SET_UP },
    schema: {
      tags,
      summary:
        'A new secret for your authenticator app, as a QR code and as text; sign-in asks nothing until it is confirmed',
      description: 'Replaces a setup not yet confirmed. TWO_FACTOR_ALREADY_ENABLED (409) once it is on.',
      response: { 200: TwoFactorSetup, ...problems(401, 403, 409) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.setup(authOf(request));
    },
  });

  app.post('/enable', {
    config: { access: UNTIL_SET_UP },
    schema: {
      tags,
      summary:
        'Confirm the setup with a code of the app: sign-in asks for a code from now on; answers the recovery codes once',
      description:
        'TWO_FACTOR_CODE_INCORRECT (422) for a code that does not match; ' +
        'TWO_FACTOR_NOT_SET_UP (409) without a setup; TWO_FACTOR_ALREADY_ENABLED (409) once it is on.',
      body: TwoFactorConfirmation,
      response: { 200: RecoveryCodes, ...problems(400, 401, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.enable(authOf(request), request.body, request.ip);
    },
  });

  app.post('/disable', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off, after your password',
      description:
        'CURRENT_PASSWORD_INCORRECT (422), throttled (429); TWO_FACTOR_REQUIRED (409) while the security policy ' +
        'requires it of you; TWO_FACTOR_NOT_ENABLED (409) when it is off.',
      body: PasswordConfirmation,
      response: { 204: z.null().describe('Two-factor sign-in is off'), ...problems(400, 401, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      await twoFactor.disable(authOf(request), request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.post('/recovery-codes', {
    config: { access: SIGNED_IN },
    schema: {
      tags,
      summary: 'New recovery codes, after your password; the old ones stop working',
      description: 'CURRENT_PASSWORD_INCORRECT (422), throttled (429); TWO_FACTOR_NOT_ENABLED (409) when it is off.',
      body: PasswordConfirmation,
      response: { 200: RecoveryCodes, ...problems(400, 401, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.replaceRecoveryCodes(authOf(request), request.body.password, request.ip);
    },
  });
};

/** The company's security policy (administrators). */
export const securityPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = createTwoFactorService(app);
  const tags = ['users'];
  const ADMINISTRATORS = requireRole('administrator');

  app.get('', {
    config: { access: ADMINISTRATORS },
    schema: { tags, summary: 'The security policy', response: { 200: SecurityPolicy, ...problems(401, 403) } },
    handler: () => twoFactor.policy(),
  });

  app.put('', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Change the security policy',
      description:
        'Requiring two-factor sign-in of administrators sends each one without it to set it up before anything ' +
        'else, at their next request. TWO_FACTOR_NOT_ENABLED (409) unless you have turned it on yourself first. ' +
        'The change is audited.',
      body: SecurityPolicy,
      response: { 200: SecurityPolicy, ...problems(400, 401, 403, 409) },
    },
    handler: (request) => twoFactor.changePolicy({ userId: authOf(request).userId, ip: request.ip }, request.body),
  });
};

/** Another user's two-factor sign-in, in the users administration (administrators). */
export const userTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = createTwoFactorService(app);
  const tags = ['users'];
  const actorOf = (request: Parameters<typeof authOf>[0]) => ({ userId: authOf(request).userId, ip: request.ip });

  app.delete('/:id/two-factor', {
    config: { access: requireRole('administrator') },
    schema: {
      tags,
      summary: "Turn off a user's two-factor sign-in (a lost phone and no recovery code left)",
      description:
        'Their secret and recovery codes are deleted; they sign in with the password alone, or set two-factor sign-in ' +
        'up again at once where the security policy requires it of them. Nothing happens to a user without it. ' +
        'CANNOT_RESET_OWN_TWO_FACTOR (409) for yourself: turn your own off on your profile.',
      params: IdParams,
      response: { 204: z.null().describe('Two-factor sign-in is off'), ...problems(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await twoFactor.reset(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
