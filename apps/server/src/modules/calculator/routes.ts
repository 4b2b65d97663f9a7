import { BonusCalculation, CalculatorContext, CalculatorContextQuery, CalculatorRequest } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { calculatorService } from './service.js';

const tags = ['calculator'];
const SALES_STAFF = requireRole('manager', 'administrator');

/** The bonus calculator (PRODUCT.md §5): managers for themselves, administrators for any manager. */
export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const calculator = calculatorService(app.db, app.config.timeZone);

  app.post('', {
    config: { access: SALES_STAFF },
    schema: {
      tags,
      summary: 'The bonus a plan and a revenue would earn in a month, under the scheme in effect then',
      body: CalculatorRequest,
      response: { 200: BonusCalculation, ...problems(400, 401, 403, 422) },
    },
    handler: (request) => calculator.calculate(request.body),
  });

  app.get('/context', {
    config: { access: inDepartment(SALES_STAFF) },
    schema: {
      tags,
      summary: "A manager's plan, revenue and bonus this month, the scheme in effect, and whom the caller may pick",
      querystring: CalculatorContextQuery,
      response: { 200: CalculatorContext, ...problems(400, 401, 403, 404) },
    },
    handler: (request) => {
      const { userId, role } = authOf(request);
      return calculator.context({ userId, role, departmentId: currentDepartment(request) }, request.query.managerId);
    },
  });
};
