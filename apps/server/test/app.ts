import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type DatabaseHandle, fromPostgresPools, postgresPool, queryRows } from '../src/db/client.js';
import { createTestDatabase } from './database.js';
import { testEngine } from './engine.js';
import { databaseUrl } from './global-setup.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The whole application on a fresh database of its own, closed after the test file. Environment
 * overrides use the same variable names as production configuration.
 */
export async function buildTestApp(environment: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(environment), await createTestDatabase());
  afterAll(() => app.close());
  return app;
}

/**
 * Another instance of the application on the database of `first`, as a second server behind a load balancer, closed
 * after the test file (before `first`, whose database it uses). On PostgreSQL it has connection pools of its own, as
 * another process has; on PGlite, which one process opens, it shares the first's handle.
 */
export async function secondInstance(
  first: FastifyInstance,
  environment: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(environment), await sameDatabase(first));
  afterAll(() => app.close());
  return app;
}

function testConfig(environment: Record<string, string>): Config {
  return loadConfig({ APP_SECRET: TEST_SECRET, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...environment });
}

/** Another handle on the database of `first`; closing it leaves the first's open. */
async function sameDatabase(first: FastifyInstance): Promise<DatabaseHandle> {
  const engine = testEngine();
  if (engine.kind === 'postgres') {
    const [row] = await queryRows<{ name: string }>(first.db, sql`select current_database() as name`);
    const url = databaseUrl(engine.url, row?.name ?? '');
    return fromPostgresPools(
      postgresPool(url, 2, () => {}),
      postgresPool(url, 1, () => {}),
    );
  }
  return {
    kind: 'pglite',
    db: first.db,
    listDb: first.listDb,
    listen: first.listenToDatabase,
    close: async () => {},
  };
}

/** `inject` with a JSON body and, when given, a bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; remoteAddress?: string } = {},
) {
  const request: InjectOptions = { method, url };
  if (options.token) request.headers = { authorization: `Bearer ${options.token}` };
  if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
  if (options.remoteAddress) request.remoteAddress = options.remoteAddress;
  return app.inject(request);
}
