import { randomUUID } from 'node:crypto';
import type { LoginResponse, Role } from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import { upsertUser } from '../src/modules/users/service.js';
import { call } from './app.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export type TestUser = { id: string; email: string; password: string };

/** A user with a unique e-mail in the named departments (created when missing). */
export async function createUser(
  app: FastifyInstance,
  options: { role?: Role; departments?: string[]; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const { id } = await upsertUser(app.db, {
    email,
    password: TEST_PASSWORD,
    role: options.role ?? 'worker',
    name: 'Test User',
    departments: options.departments ?? ['Test Department'],
  });
  return { id, email, password: TEST_PASSWORD };
}

export async function signIn(app: FastifyInstance, user: TestUser, remoteAddress?: string): Promise<LoginResponse> {
  const response = await call(app, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    ...(remoteAddress && { remoteAddress }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
