import { BonusSchemeList, BonusSchemeParams, BonusSchemeRequest, BonusSchemeVersion } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { bonusSchemesService } from './service.js';

const tags = ['bonus schemes'];
const ADMINISTRATORS = requireRole('administrator');

/**
 * Bonus schemes (PRODUCT.md §5): company-wide, one per management type, versioned by month. Managers read
 * them (the calculator shows how they are paid); administrators change them.
 */
export const bonusSchemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const schemes = bonusSchemesService(app.db, app.config.timeZone);

  app.get('', {
    config: { access: requireRole('manager', 'administrator') },
    schema: {
      tags,
      summary: 'Every version of every management type’s scheme, the newest month first',
      response: { 200: BonusSchemeList, ...problems(401, 403) },
    },
    handler: () => schemes.list(),
  });

  app.put('/:managementType/:effectiveFrom', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Create or replace the version of a management type that takes effect in a month (audited)',
      params: BonusSchemeParams,
      body: BonusSchemeRequest,
      response: { 200: BonusSchemeVersion, ...problems(400, 401, 403, 409) },
    },
    handler: (request) =>
      schemes.save(request.params.managementType, request.params.effectiveFrom, request.body, {
        userId: authOf(request).userId,
        ip: request.ip,
      }),
  });

  app.delete('/:managementType/:effectiveFrom', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Delete a version that has not taken effect yet (its month is after the current one)',
      params: BonusSchemeParams,
      response: { 204: z.null().describe('Deleted'), ...problems(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await schemes.remove(request.params.managementType, request.params.effectiveFrom, {
        userId: authOf(request).userId,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  });
};
