import { randomUUID } from 'node:crypto';
import type { LoginResponse, RefreshResponse, SignedInUser, TemporaryPasswordResponse } from '@cm/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { department } from '../../../test/stock-fixtures.js';
import { auditLog, users } from '../../db/schema/index.js';
import { generateTemporaryPassword } from './temporary-password.js';

const app = await buildTestApp();
const north = await department(app, 'Temporary North');
const administrator = await createUser(app, { role: 'administrator', departments: ['Temporary North'] });
const adminSession = await signIn(app, administrator);
const ADMIN = adminSession.accessToken;
const NORTH_ID = adminSession.user.departments[0]?.id;
const NEW_PASSWORD = 'my very own new password';
const GENERATED = /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/;

function giveTemporaryPassword(userId: string, body: unknown = {}, token = ADMIN) {
  return call(app, 'POST', `/api/users/${userId}/temporary-password`, { token, body });
}

async function temporaryPasswordOf(user: TestUser, body: unknown = {}): Promise<string> {
  const response = await giveTemporaryPassword(user.id, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<TemporaryPasswordResponse>().password;
}

async function auditOf(userId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, 'user.temporary-password-set')));
}

describe('POST /api/users/:id/temporary-password', () => {
  it('generates a strong readable password, ends every session of the user at once and audits no password', async () => {
    const user = await createUser(app, { departments: ['Temporary North'] });
    const before = [await signIn(app, user), await signIn(app, user)];
    const password = await temporaryPasswordOf(user);
    expect(password).toMatch(GENERATED);
    for (const ended of before) {
      expect((await call(app, 'GET', '/api/auth/me', { token: ended.accessToken })).statusCode).toBe(401);
      const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: ended.refreshToken } });
      expect(refresh.statusCode).toBe(401);
    }
    // The old password no longer signs in; the temporary one does.
    const old = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
    const session = await signIn(app, { ...user, password });
    expect(session.user.mustChangePassword).toBe(true);
    const audit = await auditOf(user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: administrator.id, details: { generated: true } });
    expect(JSON.stringify(audit[0])).not.toContain(password);
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).not.toContain(password);
  });

  it('keeps a typed password as it is and audits it as not generated', async () => {
    const user = await createUser(app, { departments: ['Temporary North'] });
    const typed = 'typed by the administrator';
    expect(await temporaryPasswordOf(user, { password: typed })).toBe(typed);
    const session = await signIn(app, { ...user, password: typed });
    expect(session.user.mustChangePassword).toBe(true);
    expect((await auditOf(user.id))[0]?.details).toEqual({ generated: false });
  });

  it('generates a different password every time', () => {
    const passwords = new Set(Array.from({ length: 200 }, generateTemporaryPassword));
    expect(passwords.size).toBe(200);
    for (const password of passwords) expect(password).toMatch(GENERATED);
  });

  it('refuses yourself, a deactivated user and an unknown one, changing nothing', async () => {
    const self = await giveTemporaryPassword(administrator.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_SET_OWN_TEMPORARY_PASSWORD');
    expect((await call(app, 'GET', '/api/auth/me', { token: ADMIN })).statusCode).toBe(200);

    const user = await createUser(app, { departments: ['Temporary North'] });
    expect((await call(app, 'POST', `/api/users/${user.id}/deactivate`, { token: ADMIN })).statusCode).toBe(200);
    const deactivated = await giveTemporaryPassword(user.id, { password: 'would be temporary' });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().code).toBe('USER_DEACTIVATED');
    expect(await auditOf(user.id)).toHaveLength(0);
    await call(app, 'POST', `/api/users/${user.id}/reactivate`, { token: ADMIN });
    // The password is still the one they had.
    const session = await signIn(app, user);
    expect(session.user.mustChangePassword).toBe(false);

    const unknown = await giveTemporaryPassword(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('is for administrators only', async () => {
    const user = await createUser(app, { departments: ['Temporary North'] });
    for (const token of [north.manager, north.worker]) {
      const response = await giveTemporaryPassword(user.id, {}, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await call(app, 'POST', `/api/users/${user.id}/temporary-password`, { body: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await auditOf(user.id)).toHaveLength(0);
  });

  it('answers bad bodies and ids with 4xx problems, never 500', async () => {
    const user = await createUser(app, { departments: ['Temporary North'] });
    const bodies: unknown[] = [
      { password: 'short' },
      { password: '' },
      { password: 'x'.repeat(1025) },
      { password: 12345678 },
      { password: null },
      { password: 'long enough password', generated: true },
      [],
      'text',
      null,
    ];
    for (const body of bodies) {
      const response = await giveTemporaryPassword(user.id, body);
      // Text is refused for its content type (415), everything else as invalid (400).
      expect(response.statusCode, JSON.stringify(body)).toBe(typeof body === 'string' ? 415 : 400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const badId = await call(app, 'POST', '/api/users/not-a-uuid/temporary-password', { token: ADMIN, body: {} });
    expect(badId.statusCode).toBe(400);
    expect(await auditOf(user.id)).toHaveLength(0);
  });
});

describe('a session holding a temporary password', () => {
  async function temporarySession(): Promise<{ user: TestUser; session: LoginResponse; password: string }> {
    const user = await createUser(app, { departments: ['Temporary North'] });
    const password = await temporaryPasswordOf(user);
    return { user, password, session: await signIn(app, { ...user, password }) };
  }

  it('can call nothing but /auth/me, the refresh, sign-out and the password change', async () => {
    const { session } = await temporarySession();
    const token = session.accessToken;
    const me = await call(app, 'GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json<SignedInUser>().mustChangePassword).toBe(true);
    const refused: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/stock'],
      ['GET', '/api/components'],
      ['GET', '/api/movements'],
      ['GET', '/api/profile/colleagues'],
      ['GET', '/api/profile/sessions'],
      ['POST', '/api/profile/sessions/sign-out-others'],
      ['DELETE', `/api/profile/sessions/${session.user.id}`],
      ['PATCH', '/api/profile', { name: 'Someone else' }],
      ['POST', '/api/auth/department/switch', { newDepartment: session.user.departments[0]?.id }],
      ['GET', '/api/users'],
      ['POST', '/api/categories', { name: 'Sneaked in' }],
      ['GET', '/api/sales/leaderboard'],
    ];
    for (const [method, url, body] of refused) {
      const response = await call(app, method, url, { token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    // A refresh says so, and its new access token is refused as the first was.
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(200);
    const refreshed = refresh.json<RefreshResponse>();
    expect(refreshed.mustChangePassword).toBe(true);
    const after = await call(app, 'GET', '/api/stock', { token: refreshed.accessToken });
    expect(after.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    // /auth/check still counts it as signed in: the web then shows the password change, not sign-in.
    const check = await app.inject({
      method: 'GET',
      url: '/api/auth/check',
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
    });
    expect(check.json()).toEqual({ loggedIn: true });
    const logout = await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: refreshed.refreshToken } });
    expect(logout.statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/auth/me', { token: refreshed.accessToken })).statusCode).toBe(401);
  });

  it('is freed by changing the password: the flag clears, this session carries on, the others end', async () => {
    const { user, session, password } = await temporarySession();
    const otherTab = await signIn(app, { ...user, password });
    const change = await call(app, 'POST', '/api/profile/password', {
      token: session.accessToken,
      body: { currentPassword: password, newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(204);
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json<SignedInUser>().mustChangePassword).toBe(false);
    expect((await call(app, 'GET', '/api/profile/colleagues', { token: session.accessToken })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/stock', { token: session.accessToken })).statusCode).toBe(200);
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refresh.json<RefreshResponse>().mustChangePassword).toBe(false);
    expect((await call(app, 'GET', '/api/auth/me', { token: otherTab.accessToken })).statusCode).toBe(401);
    const again = await signIn(app, { ...user, password: NEW_PASSWORD });
    expect(again.user.mustChangePassword).toBe(false);
  });

  it('is not freed by a wrong current password', async () => {
    const { session } = await temporarySession();
    const change = await call(app, 'POST', '/api/profile/password', {
      token: session.accessToken,
      body: { currentPassword: 'not the temporary one', newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(422);
    const stock = await call(app, 'GET', '/api/stock', { token: session.accessToken });
    expect(stock.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('creating a user with a temporary password', () => {
  const body = (overrides: Record<string, unknown>) => {
    const tag = randomUUID().slice(0, 8);
    return {
      name: `Person ${tag}`,
      email: `temporary-${tag}@example.com`,
      role: 'worker',
      departmentIds: [NORTH_ID],
      password: 'typed at creation',
      ...overrides,
    };
  };

  it('makes the typed password temporary when asked, and audits it', async () => {
    const input = body({ temporaryPassword: true });
    const created = await call(app, 'POST', '/api/users', { token: ADMIN, body: input });
    expect(created.statusCode, created.body).toBe(201);
    const session = await signIn(app, { id: created.json().id, email: input.email, password: input.password });
    expect(session.user.mustChangePassword).toBe(true);
    expect((await call(app, 'GET', '/api/stock', { token: session.accessToken })).statusCode).toBe(403);
    expect((await auditOf(created.json().id))[0]?.details).toEqual({ generated: false });
  });

  it('keeps the password as it is when left out or false, as existing callers expect', async () => {
    for (const input of [body({}), body({ temporaryPassword: false })]) {
      const created = await call(app, 'POST', '/api/users', { token: ADMIN, body: input });
      expect(created.statusCode, created.body).toBe(201);
      const session = await signIn(app, { id: created.json().id, email: input.email, password: input.password });
      expect(session.user.mustChangePassword).toBe(false);
      expect(await auditOf(created.json().id)).toHaveLength(0);
    }
    const bad = await call(app, 'POST', '/api/users', { token: ADMIN, body: body({ temporaryPassword: 'yes' }) });
    expect(bad.statusCode).toBe(400);
  });
});
