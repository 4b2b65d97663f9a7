import {
  LeadFieldList,
  PipelineList,
  PipelineListQuery,
  PlanCopyRequest,
  PlanCopyResponse,
  PlanGrid,
  PlanGridQuery,
  PlansUpdateRequest,
  PlansUpdateResponse,
  SalesSettings,
  SalesSettingsUpdate,
  WebhookSecretResponse,
} from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, currentDepartment, inDepartment, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { salesSettings } from '../sales-sync/settings.js';
import { copyPlans, planGrid, savePlans } from './plans.js';
import { salesSettingsService } from './service.js';

const tags = ['sales settings'];
const ADMINISTRATORS = requireRole('administrator');
/** Plans belong to a department (PRODUCT.md §2): its administrators plan its managers. */
const DEPARTMENT_ADMINISTRATORS = inDepartment(ADMINISTRATORS);

/** Sales settings (administrators): the amoCRM connection, webhook address, pipelines, fields and monthly plans. */
export const salesSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = salesSettingsService(app.db, app.config);

  app.get('/settings', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'The sales settings; the token is never returned, only whether one is set',
      response: { 200: SalesSettings, ...problems(401, 403) },
    },
    handler: () => settings.get(),
  });

  app.put('/settings', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Replace the sales settings; omit `token` to keep the stored one',
      body: SalesSettingsUpdate,
      response: { 200: SalesSettings, ...problems(400, 401, 403) },
    },
    handler: (request) => settings.update(request.body),
  });

  app.post('/settings/webhook-secret', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Replace the secret in the webhook URL; the old URL stops working',
      response: { 200: WebhookSecretResponse, ...problems(401, 403) },
    },
    handler: () => settings.rotateWebhookSecret(),
  });

  app.get('/lead-fields', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: "The amoCRM account's lead custom fields (read live), to pick the payment-method field",
      response: { 200: LeadFieldList, ...problems(401, 403, 409, 502) },
    },
    handler: () => settings.leadFields(),
  });

  app.get('/pipelines', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Pipelines with their statuses: as of the last sync, else read live from amoCRM',
      querystring: PipelineListQuery,
      response: { 200: PipelineList, ...problems(400, 401, 403, 409, 502) },
    },
    handler: (request) => settings.pipelines(request.query.live === true),
  });

  app.get('/plans', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: "Monthly revenue plans of a year: the current department's managers × 12 months",
      querystring: PlanGridQuery,
      response: { 200: PlanGrid, ...problems(400, 401, 403) },
    },
    handler: async (request) => {
      const { currency } = await salesSettings(app.db, app.config.timeZone);
      return planGrid(app.db, currentDepartment(request), request.query.year, currency);
    },
  });

  app.put('/plans', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Set plans (amountMinor null removes one); all entries or none are saved',
      body: PlansUpdateRequest,
      response: { 200: PlansUpdateResponse, ...problems(400, 401, 403) },
    },
    handler: (request) => savePlans(app.db, currentDepartment(request), request.body, authOf(request).userId),
  });

  app.post('/plans/copy', {
    config: { access: DEPARTMENT_ADMINISTRATORS },
    schema: {
      tags,
      summary: "Copy the current department's managers' plans of one month to another",
      body: PlanCopyRequest,
      response: { 200: PlanCopyResponse, ...problems(400, 401, 403) },
    },
    handler: (request) => copyPlans(app.db, currentDepartment(request), request.body, authOf(request).userId),
  });
};
