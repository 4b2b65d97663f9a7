import { MaintenanceChange, MaintenanceSettings, MaintenanceStatus } from '@cm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, PUBLIC, requireRole } from '../../plugins/auth.js';
import { problems } from '../../plugins/openapi.js';
import { createMaintenanceService } from './service.js';

const tags = ['maintenance'];

/** Maintenance mode (issue #28 §2, ADR 0046): its status for everyone, its settings for administrators. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const maintenance = createMaintenanceService(app);
  const ADMINISTRATORS = requireRole('administrator');

  app.get('', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Whether maintenance mode is on, with its message and expected end',
      description:
        'Open to everyone, also while maintenance is on: a client refused with 503 MAINTENANCE reads it to show the ' +
        'message, and again to learn when maintenance is over.',
      security: [],
      response: { 200: MaintenanceStatus },
    },
    handler: () => maintenance.status(),
  });

  app.get('/settings', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'The maintenance settings as saved, and whether this server holds maintenance on',
      response: { 200: MaintenanceSettings, ...problems(401, 403) },
    },
    handler: () => maintenance.settings(),
  });

  app.put('/settings', {
    config: { access: ADMINISTRATORS },
    schema: {
      tags,
      summary: 'Switch maintenance mode on or off, with a message and an expected end',
      description:
        'While it is on, every instance answers 503 MAINTENANCE with Retry-After to everyone but administrators, ' +
        'except health, sign-in and sign-out, who is signed in, the app info, images and the maintenance status. ' +
        'An expected end must be later than now while the switch is on (400 VALIDATION_FAILED). The change is ' +
        'audited.',
      body: MaintenanceChange,
      response: { 200: MaintenanceSettings, ...problems(400, 401, 403) },
    },
    handler: (request) => maintenance.change({ userId: authOf(request).userId, ip: request.ip }, request.body),
  });
};
