import { SalesMonth, SalesMonthList, SalesMonthParams, SalesMonthsQuery } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { salesMonthsService } from './service.js';

const tags = ['sales months'];
/** A department's months are closed by its administrators (PRODUCT.md §2, §5). */
const DEPARTMENT_ADMINISTRATORS = inDepartment(requireRole('administrator'));

/** Month closing: the current department's months, open or closed, with pending differences. */
export const salesMonthRoutes: FastifyPluginAsyncZod = async (app) => {
  const months = salesMonthsService(app.db, app.config.timeZone);

  app.get('', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: "The current department's months of a year up to now: open or closed, with pending differences",
      querystring: SalesMonthsQuery,
      response: { 200: SalesMonthList, ...problems(400, 401, 403) },
    },
    handler: (request) => months.list(currentDepartment(request), request.query.year),
  });

  app.get('/:month', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: "A month's figures per manager: live, and frozen when it is closed, with what differs",
      params: SalesMonthParams,
      response: { 200: SalesMonth, ...problems(400, 401, 403) },
    },
    handler: (request) => months.month(currentDepartment(request), request.params.month),
  });

  app.post('/:month/close', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: "Close an ended month: freeze each manager's figures and bonus with its explanation (audited)",
      description:
        'MONTH_NOT_ENDED (422) for the current or a later month; MONTH_HAS_NO_MANAGERS (422) when the department had no sales manager that month; MONTH_CLOSED (409) when it is closed already.',
      params: SalesMonthParams,
      response: { 200: SalesMonth, ...problems(400, 401, 403, 409, 422) },
    },
    handler: (request) =>
      months.close(currentDepartment(request), request.params.month, {
        userId: authOf(request).userId,
        ip: request.ip,
      }),
  });

  app.post('/:month/reopen', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Reopen a closed month: its figures are computed live again until it is closed again (audited)',
      params: SalesMonthParams,
      response: { 200: SalesMonth, ...problems(400, 401, 403, 404) },
    },
    handler: (request) =>
      months.reopen(currentDepartment(request), request.params.month, {
        userId: authOf(request).userId,
        ip: request.ip,
      }),
  });
};
