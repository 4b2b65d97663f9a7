import { Problem } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problemOf } from '../../lib/app-error.js';
import type { AccessRule } from '../../plugins/auth.js';
import { sendProblem } from '../../plugins/errors.js';
import { createMaintenanceService } from './service.js';

/**
 * Signed-in routes maintenance leaves open: who is signed in, which the web app reads before any screen, to know the
 * role and to show the maintenance page in its shell. Tested against the registered routes, so that a rename cannot
 * silently close it.
 */
export const OPEN_SIGNED_IN_ROUTES: ReadonlySet<string> = new Set(['/api/auth/me']);

/**
 * Whether maintenance refuses a route to everyone but administrators: every route a person signs in for. Public
 * routes stay open: health, signing in and out, the app info, images (an <img> sends no token, so an administrator's
 * screens would lose theirs), the maintenance status, and amoCRM's webhooks, which amoCRM never sends again and
 * switches off after a hundred refusals (ADR 0028) while the sync goes on anyway.
 */
export function refusedDuringMaintenance(route: { url: string; access: AccessRule | undefined }): boolean {
  return route.access?.kind === 'signed-in' && !OPEN_SIGNED_IN_ROUTES.has(route.url);
}

/**
 * While maintenance is on, answers 503 MAINTENANCE with Retry-After to every request it refuses. Registered after the
 * auth plugin, whose hook has named the caller by then. On PostgreSQL maintenance is read from the database on each
 * request it could refuse (ADR 0046), so a switch made on one instance holds on every instance at their next request.
 */
export const maintenanceGate = fp(async (app: FastifyInstance) => {
  const maintenance = createMaintenanceService(app);
  if (app.config.maintenance) {
    app.log.warn('MAINTENANCE=true: maintenance mode is on until this server restarts without it');
  }

  // Said once here rather than in every route's list, as the OpenAPI plugin says 403.
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    if (!responses || 503 in responses || !refusedDuringMaintenance({ url: route.url, access: route.config?.access })) {
      return;
    }
    route.schema = { ...route.schema, response: { ...responses, 503: Problem } };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || request.auth?.role === 'administrator') return;
    const { url, config } = request.routeOptions;
    if (!url || !refusedDuringMaintenance({ url, access: config.access })) return;
    const refusal = await maintenance.refusal();
    // Answered here rather than thrown: a refusal on purpose is no server error to log as one.
    if (refusal) return sendProblem(reply, problemOf('MAINTENANCE', refusal));
  });
});
