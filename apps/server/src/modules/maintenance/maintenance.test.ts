import type { MaintenanceSettings, MaintenanceStatus, Problem } from '@cm/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, secondInstance } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { auditLog } from '../../db/schema/index.js';
import { OPEN_SIGNED_IN_ROUTES } from './request-gate.js';
import { RETRY_AFTER_SECONDS } from './service.js';

const app = await buildTestApp();
/** Another server started with MAINTENANCE=true, on a database of its own. */
const held = await buildTestApp({ MAINTENANCE: 'true' });
/** Another server on the database of `app`. */
const second = await secondInstance(app);
const DEPARTMENT = 'Maintenance North';

const administrator = await createUser(app, { role: 'administrator', departments: [DEPARTMENT] });
const manager = await createUser(app, { role: 'manager', departments: [DEPARTMENT] });
const worker = await createUser(app, { role: 'worker', departments: [DEPARTMENT] });
const tokens = {
  administrator: await signIn(app, administrator),
  manager: await signIn(app, manager),
  worker: await signIn(app, worker),
};
const adminToken = tokens.administrator.accessToken;

function save(target: FastifyInstance, body: Record<string, unknown>, token = adminToken) {
  return call(target, 'PUT', '/api/maintenance/settings', { token, body });
}

async function switchOn(body: Record<string, unknown> = {}) {
  const response = await save(app, { active: true, message: null, expectedEnd: null, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MaintenanceSettings>();
}

async function switchOff() {
  const response = await save(app, { active: false, message: null, expectedEnd: null });
  expect(response.statusCode, response.body).toBe(200);
}

/** A refusal as a client reads it: 503, Retry-After, and a problem document with the code. */
function expectRefused(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json<Problem>();
  expect(problem.code).toBe('MAINTENANCE');
  expect(Number(response.headers['retry-after'])).toBe(problem.retryAfterSeconds);
  return problem;
}

describe('maintenance off', () => {
  it('says so to anyone, and refuses no one', async () => {
    expect((await call(app, 'GET', '/api/maintenance')).json()).toEqual({
      active: false,
      message: null,
      expectedEnd: null,
    });
    for (const session of Object.values(tokens)) {
      expect((await call(app, 'GET', '/api/components', { token: session.accessToken })).statusCode).toBe(200);
    }
  });

  it('shows its settings to administrators only', async () => {
    expect((await call(app, 'GET', '/api/maintenance/settings')).statusCode).toBe(401);
    for (const session of [tokens.manager, tokens.worker]) {
      expect((await call(app, 'GET', '/api/maintenance/settings', { token: session.accessToken })).statusCode).toBe(
        403,
      );
      expect(
        (await save(app, { active: true, message: null, expectedEnd: null }, session.accessToken)).statusCode,
      ).toBe(403);
    }
    expect((await call(app, 'GET', '/api/maintenance/settings', { token: adminToken })).json()).toEqual({
      active: false,
      message: null,
      expectedEnd: null,
      heldOnByConfiguration: false,
    });
  });
});

describe('maintenance on', () => {
  beforeAll(async () => {
    await switchOn({ message: '  Moving to the new warehouse server.  ' });
  });
  afterAll(switchOff);

  it('tells everyone, signed in or not, with the message trimmed', async () => {
    expect((await call(app, 'GET', '/api/maintenance')).json()).toEqual({
      active: true,
      message: 'Moving to the new warehouse server.',
      expectedEnd: null,
    });
  });

  it('refuses managers and workers with 503 MAINTENANCE and Retry-After, reading and writing', async () => {
    for (const session of [tokens.manager, tokens.worker]) {
      const token = session.accessToken;
      expect(expectRefused(await call(app, 'GET', '/api/components', { token })).retryAfterSeconds).toBe(
        RETRY_AFTER_SECONDS,
      );
      expectRefused(await call(app, 'PATCH', '/api/profile', { token, body: { name: 'Renamed' } }));
    }
  });

  it('lets administrators work', async () => {
    expect((await call(app, 'GET', '/api/components', { token: adminToken })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/users', { token: adminToken })).statusCode).toBe(200);
  });

  it('keeps health, sign-in, refresh, who is signed in, the app info and its own status open to everyone', async () => {
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/app-info')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/dev-mode')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/maintenance')).statusCode).toBe(200);
    // A worker signs in, learns who they are, keeps the session alive and signs out.
    const session = await signIn(app, worker);
    const token = session.accessToken;
    expect((await call(app, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/check', { token })).json()).toEqual({ loggedIn: true });
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const logout = await call(app, 'POST', '/api/auth/logout', {
      body: { refreshToken: refreshed.json<{ refreshToken: string }>().refreshToken },
    });
    expect(logout.statusCode).toBe(204);
  });

  it('asks who it is before refusing: no token is 401 on a signed-in route', async () => {
    expect((await call(app, 'GET', '/api/components')).statusCode).toBe(401);
  });

  it("keeps amoCRM's webhooks open, which amoCRM never sends again", async () => {
    const webhook = await call(app, 'POST', '/api/webhooks/amocrm/not-the-secret', { body: {} });
    expect(webhook.statusCode).not.toBe(503);
  });

  it('says in Retry-After how long until the expected end', async () => {
    const end = new Date(Date.now() + 10 * 60_000);
    await switchOn({ expectedEnd: end.toISOString() });
    const problem = expectRefused(await call(app, 'GET', '/api/components', { token: tokens.worker.accessToken }));
    expect(problem.retryAfterSeconds).toBeGreaterThan(590);
    expect(problem.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await call(app, 'GET', '/api/maintenance')).json<MaintenanceStatus>().expectedEnd).toBe(end.toISOString());
  });
});

describe('changing maintenance mode', () => {
  afterAll(switchOff);

  it('audits each change with its values before and after, and nothing when nothing changed', async () => {
    const end = new Date(Date.now() + 3_600_000).toISOString();
    await switchOn({ message: 'Stocktake', expectedEnd: end });
    await switchOn({ message: 'Stocktake', expectedEnd: end });
    await switchOff();
    const entries = await app.db
      .select({ details: auditLog.details, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'maintenance.changed'))
      .orderBy(auditLog.id);
    expect(entries.slice(-2)).toEqual([
      {
        actor: administrator.id,
        details: {
          before: expect.objectContaining({ maintenance: false }),
          after: { maintenance: true, maintenanceMessage: 'Stocktake', maintenanceExpectedEnd: end },
        },
      },
      {
        actor: administrator.id,
        details: {
          before: { maintenance: true, maintenanceMessage: 'Stocktake', maintenanceExpectedEnd: end },
          after: { maintenance: false, maintenanceMessage: null, maintenanceExpectedEnd: null },
        },
      },
    ]);
  });

  it('refuses an expected end that has passed, a message too long and an unknown field', async () => {
    const past = await save(app, {
      active: true,
      message: null,
      expectedEnd: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<Problem>().errors?.map((error) => error.path)).toEqual(['body.expectedEnd']);
    const long = await save(app, { active: true, message: 'x'.repeat(1001), expectedEnd: null });
    expect(long.statusCode).toBe(400);
    const unknown = await save(app, { active: true, message: null, expectedEnd: null, everyone: true });
    expect(unknown.statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/maintenance')).json<MaintenanceStatus>().active).toBe(false);
  });
});

describe('the routes maintenance leaves open', () => {
  it('are registered routes, so that none falls under maintenance by a rename', () => {
    for (const url of OPEN_SIGNED_IN_ROUTES) expect(app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });

  it('are documented without 503, and every other API route with it', () => {
    const paths = app.swagger().paths ?? {};
    expect(paths['/api/components']?.get?.responses).toHaveProperty('503');
    expect(paths['/api/profile']?.patch?.responses).toHaveProperty('503');
    expect(paths['/api/auth/login']?.post?.responses).not.toHaveProperty('503');
    expect(paths['/api/maintenance']?.get?.responses).not.toHaveProperty('503');
    expect(paths['/api/auth/me']?.get?.responses).not.toHaveProperty('503');
  });
});

describe('MAINTENANCE=true', () => {
  it('holds maintenance on with nothing saved, and the settings say why', async () => {
    const heldAdministrator = await signIn(held, await createUser(held, { role: 'administrator' }));
    const heldWorker = await signIn(held, await createUser(held, { role: 'worker' }));
    expect((await call(held, 'GET', '/api/maintenance')).json<MaintenanceStatus>().active).toBe(true);
    expectRefused(await call(held, 'GET', '/api/components', { token: heldWorker.accessToken }));
    expect((await call(held, 'GET', '/api/components', { token: heldAdministrator.accessToken })).statusCode).toBe(200);
    // Saved off, it stays on: the configuration holds it until the server restarts without it.
    const saved = await save(
      held,
      { active: false, message: 'Upgrade', expectedEnd: null },
      heldAdministrator.accessToken,
    );
    expect(saved.json()).toEqual({ active: false, message: 'Upgrade', expectedEnd: null, heldOnByConfiguration: true });
    expect((await call(held, 'GET', '/api/maintenance')).json()).toEqual({
      active: true,
      message: 'Upgrade',
      expectedEnd: null,
    });
  });
});

describe('a second instance on the same database', () => {
  afterAll(switchOff);

  it('refuses at once when the first switches maintenance on, and lets in at once when it is off', async () => {
    const token = tokens.worker.accessToken;
    expect((await call(second, 'GET', '/api/components', { token })).statusCode).toBe(200);
    await switchOn();
    expectRefused(await call(second, 'GET', '/api/components', { token }));
    await switchOff();
    expect((await call(second, 'GET', '/api/components', { token })).statusCode).toBe(200);
  });
});
