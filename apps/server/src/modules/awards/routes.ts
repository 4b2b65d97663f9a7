import { AwardList, AwardsQuery } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { awardsService } from './service.js';

/** Awards of the current department's sales people (PRODUCT.md §5): shown on the leaderboard and the profile. */
export const awardRoutes: FastifyPluginAsyncZod = async (app) => {
  const awards = awardsService(app.db, app.config.timeZone);

  app.get('', {
    config: { access: inDepartment(requireRole('manager', 'administrator')) },
    schema: {
      tags: ['awards'],
      summary: "Awards of the current department's people by month (default the last twelve); open months provisional",
      querystring: AwardsQuery,
      response: { 200: AwardList, ...problems(400, 401, 403, 422) },
    },
    handler: (request) => awards.list(currentDepartment(request), request.query),
  });
};
