import {
  AmoCrmUserLinkRequest,
  AmoCrmUserLinkResponse,
  AmoCrmUserList,
  AmoCrmUserParams,
  LeadFieldList,
  ManagerFromAmoCrmRequest,
  ManagerFromAmoCrmResponse,
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
import { amoCrmUsersService } from './amocrm-users.js';
import { copyPlans, planGrid, savePlans } from './plans.js';
import { salesSettingsService } from './service.js';

const tags = ['sales settings'];
const ADMINISTRATORS = requireRole('administrator');
/** Plans belong to a department (PRODUCT.md §2): its administrators plan its managers. */
const DEPARTMENT_ADMINISTRATORS = inDepartment(ADMINISTRATORS);

/**
 * Sales settings (administrators): the amoCRM connection, webhook address, pipelines, fields, the account's
 * users matched to managers, and monthly plans.
 */
export const salesSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = salesSettingsService(app.db, app.databaseKind, app.config);
  const amoCrmUsers = amoCrmUsersService(app.db, app.databaseKind, app.config);

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

  app.get('/amocrm-users', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary:
        "The amoCRM account's users (read live) beside the managers here: how each matches a user, and its stored leads",
      response: { 200: AmoCrmUserList, ...problems(401, 403, 409, 502) },
    },
    handler: (request) => amoCrmUsers.list(authOf(request).userId),
  });

  app.post('/amocrm-users/:amoUserId/link', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary:
        "Link an amoCRM user to a manager: its id becomes the manager's AMO ID (replacing theirs); leads follow at once",
      description:
        "AMO_ID_TAKEN (409) when another user has that AMO ID; USER_NOT_A_MANAGER (422) for an administrator or a worker; NOT_A_DEPARTMENT_MEMBER (403) for a manager of none of the administrator's departments; NOT_FOUND (404) for an unknown user.",
      params: AmoCrmUserParams,
      body: AmoCrmUserLinkRequest,
      response: { 200: AmoCrmUserLinkResponse, ...problems(400, 401, 403, 404, 409, 422) },
    },
    handler: (request) => amoCrmUsers.link(request.params.amoUserId, request.body.userId, authOf(request).userId),
  });

  app.post('/amocrm-users/:amoUserId/manager', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary:
        'Create a manager from an amoCRM user (its name, e-mail and id as AMO ID) with a temporary password returned once',
      description:
        'AMOCRM_USER_NOT_FOUND (404) when the account has no such user; AMOCRM_USER_WITHOUT_EMAIL (422) when amoCRM gives it no usable e-mail; AMO_ID_TAKEN or EMAIL_TAKEN (409) when a user here has either; NOT_A_DEPARTMENT_MEMBER (403) for a department the administrator is not in.',
      params: AmoCrmUserParams,
      body: ManagerFromAmoCrmRequest,
      response: { 201: ManagerFromAmoCrmResponse, ...problems(400, 401, 403, 404, 409, 422, 502) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await amoCrmUsers.createManager(request.params.amoUserId, request.body.departmentId, authOf(request))),
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
