import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { auditRoutes } from './modules/audit-trail/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { awardRoutes } from './modules/awards/routes.js';
import { bonusSchemeRoutes } from './modules/bonus-schemes/routes.js';
import { calculatorRoutes } from './modules/calculator/routes.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { componentRoutes } from './modules/components/routes.js';
import { pruneThrottle } from './modules/credentials/sign-in-throttle.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { leaderboardRoutes } from './modules/leaderboard/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { maintenanceGate } from './modules/maintenance/request-gate.js';
import { maintenanceRoutes } from './modules/maintenance/routes.js';
import { pruneIdempotencyKeys } from './modules/movements/idempotency.js';
import { movementRoutes } from './modules/movements/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { sessionRoutes } from './modules/profile/session-routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { salesImportRoutes } from './modules/sales-import/routes.js';
import { salesMonthRoutes } from './modules/sales-months/routes.js';
import { compactSalesResults } from './modules/sales-results/repository.js';
import { salesSettingsRoutes } from './modules/sales-settings/routes.js';
import { salesSyncRoutes } from './modules/sales-sync/routes.js';
import { createSalesSync } from './modules/sales-sync/service.js';
import { pruneRefreshTokens } from './modules/sessions/repository.js';
import { stockRoutes } from './modules/stock/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { securityPolicyRoutes, twoFactorRoutes, userTwoFactorRoutes } from './modules/two-factor/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { AccessTokens } from './plugins/access-token.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { storableInputPlugin } from './plugins/storable-input.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Where list pages read (see DatabaseHandle). */
    listDb: Database;
    databaseKind: DatabaseHandle['kind'];
    /** Notifications of the database (NOTIFY), whichever engine it is. */
    listenToDatabase: DatabaseHandle['listen'];
    accessTokens: AccessTokens;
    /** Set once the process is asked to stop: the health check fails from then on (ADR 0049). */
    lifecycle: { draining: boolean };
  }
}

export const APP_VERSION: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
).version;

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Builds the whole application on an open database; never listens, so tests drive it with `inject`.
 * Closing the app closes the database.
 */
export async function buildApp(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ignore client-supplied request ids: Fastify numbers requests itself for the logs.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; any other body type is answered 415 rather than half-parsed.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('listDb', database.listDb);
  app.decorate('databaseKind', database.kind);
  app.decorate('listenToDatabase', database.listen);
  app.decorate('accessTokens', new AccessTokens(config.appSecret, config.accessTokenTtlSeconds));
  app.decorate('lifecycle', { draining: false });
  app.decorate('salesSync', createSalesSync({ db: database.db, kind: database.kind, config, log: app.log }));

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  // After the auth plugin: its hook names the caller, whom maintenance lets through if an administrator.
  await app.register(maintenanceGate);
  await app.register(storableInputPlugin);
  await app.register(openapiPlugin, { version: APP_VERSION });
  await app.register(systemRoutes, { prefix: '/api', version: APP_VERSION });
  await app.register(maintenanceRoutes, { prefix: '/api/maintenance' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(profileRoutes, { prefix: '/api/profile' });
  await app.register(sessionRoutes, { prefix: '/api/profile/sessions' });
  await app.register(twoFactorRoutes, { prefix: '/api/profile/two-factor' });
  await app.register(securityPolicyRoutes, { prefix: '/api/security-policy' });
  await app.register(categoryRoutes, { prefix: '/api/categories' });
  await app.register(componentRoutes, { prefix: '/api/components' });
  await app.register(locationRoutes, { prefix: '/api/locations' });
  await app.register(stockRoutes, { prefix: '/api/stock' });
  await app.register(movementRoutes, { prefix: '/api/movements' });
  await app.register(reportRoutes, { prefix: '/api/reports' });
  await app.register(imageRoutes, { prefix: '/api/images' });
  await app.register(importRoutes, { prefix: '/api/imports' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(userTwoFactorRoutes, { prefix: '/api/users' });
  await app.register(departmentRoutes, { prefix: '/api/departments' });
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(salesSettingsRoutes, { prefix: '/api/sales' });
  await app.register(bonusSchemeRoutes, { prefix: '/api/sales/bonus-schemes' });
  await app.register(calculatorRoutes, { prefix: '/api/sales/calculator' });
  await app.register(salesMonthRoutes, { prefix: '/api/sales/months' });
  await app.register(leaderboardRoutes, { prefix: '/api/sales/leaderboard' });
  await app.register(analyticsRoutes, { prefix: '/api/sales/analytics' });
  await app.register(awardRoutes, { prefix: '/api/sales/awards' });
  await app.register(salesSyncRoutes, { prefix: '/api/sales/sync' });
  await app.register(salesImportRoutes, { prefix: '/api/sales/imports' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  await app.register(webAppPlugin, { root: config.webDistDir });

  let housekeeping: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    housekeeping = setInterval(() => {
      Promise.all([
        pruneRefreshTokens(app.db, config.refreshTokenReuseGraceSeconds),
        pruneThrottle(app.db),
        pruneIdempotencyKeys(app.db),
        compactSalesResults(app.db),
      ]).catch((error) => app.log.warn({ err: error }, 'housekeeping failed'));
    }, HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
    app.salesSync.startScheduler();
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    // A running sync is interrupted and records it while the database is still open.
    await app.salesSync.stop();
    await database.close();
  });
  return app;
}
