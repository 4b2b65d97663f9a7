import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createTestDatabase } from './database.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * The whole application on a fresh database of its own, closed after the test file. Environment
 * overrides use the same variable names as production configuration.
 */
export async function buildTestApp(environment: Record<string, string> = {}): Promise<FastifyInstance> {
  const config: Config = loadConfig({
    APP_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...environment,
  });
  const app = await buildApp(config, await createTestDatabase());
  afterAll(() => app.close());
  return app;
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
