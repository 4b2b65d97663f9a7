import type { LoginResponse } from '@cm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { createUser, signIn, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { auditLog, departments, refreshTokens, users } from '../../db/schema/index.js';
import { hashRefreshToken, pruneRefreshTokens } from '../sessions/repository.js';
import { upsertUser } from '../users/service.js';

const app = await buildTestApp();
const devApp = await buildTestApp({ DEV_MODE: 'true' });

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the server's clock (as JavaScript sees it) forward; the database keeps real time. */
function advanceClock(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('POST /api/auth/login', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(app, { role: 'manager', departments: ['Login Sales', 'Login Online'] });
  });

  it('returns both tokens and the user as the contract fixes it', async () => {
    const body = await signIn(app, user);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'manager',
      avatar: '/avatars/default.svg',
      amoId: null,
      managementType: null,
    });
    expect(body.user.departments.map((department) => department.name)).toEqual(['Login Online', 'Login Sales']);
    expect(body.user.currentDepartment).toEqual(body.user.departments[0]);
  });

  it('matches the e-mail in any letter case', async () => {
    const response = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown e-mail and a disabled user with one generic problem', async () => {
    const disabled = await createUser(app);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    const attempts = [
      { email: user.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
      { email: disabled.email, password: TEST_PASSWORD },
    ];
    const bodies = [];
    for (const [index, body] of attempts.entries()) {
      const response = await call(app, 'POST', '/api/auth/login', { body, remoteAddress: `10.1.0.${index}` });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      bodies.push(response.json());
    }
    expect(bodies[0]).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'The email or password is incorrect.',
      code: 'INVALID_CREDENTIALS',
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('refuses malformed bodies with 4xx problems and a code, never 500', async () => {
    const cases = [
      { payload: '{"email":', type: 'application/json', status: 400, code: 'MALFORMED_JSON' },
      { payload: '', type: 'application/json', status: 400, code: 'MALFORMED_JSON' },
      { payload: 'email=a', type: 'text/plain', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { payload: 'email=a', type: 'application/x-www-form-urlencoded', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { payload: '{}', type: 'application/json', status: 400, code: 'VALIDATION_FAILED' },
      { payload: '{"email":42,"password":true}', type: 'application/json', status: 400, code: 'VALIDATION_FAILED' },
      { payload: '{"email":"a@b","password":"x"}', type: 'application/json', status: 400, code: 'VALIDATION_FAILED' },
      { payload: '[]', type: 'application/json', status: 400, code: 'VALIDATION_FAILED' },
      {
        payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
        type: 'application/json',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
    ];
    for (const { payload, type, status, code } of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': type },
      });
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
    }
  });

  it('names each invalid field', async () => {
    const response = await call(app, 'POST', '/api/auth/login', { body: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });
});

describe('sign-in rate limiting', () => {
  it('locks an account from one address after five failures, with Retry-After, and not from others', async () => {
    const user = await createUser(app);
    const attacker = '10.2.0.1';
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: `guess ${attempt}` },
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: attacker,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // The owner, elsewhere, is not kept out by someone else's guessing.
    const owner = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.2.0.2',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('checks no more than five of 40 wrong passwords sent at once for one account', async () => {
    const user = await createUser(app);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        call(app, 'POST', '/api/auth/login', {
          body: { email: user.email, password: `guess ${attempt}` },
          remoteAddress: '10.4.0.1',
        }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const [audited] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'sign-in.failed' and ${auditLog.subjectUserId} = ${user.id}`);
    expect(audited?.count).toBe(5);
  });

  it('forgives a successful attempt: four failures and a success leave the account open', async () => {
    const user = await createUser(app);
    const address = '10.5.0.1';
    for (let attempt = 0; attempt < 4; attempt++) {
      const failed = await call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: `guess ${attempt}` },
        remoteAddress: address,
      });
      expect(failed.statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 6; attempt++) {
      const success = await call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: address,
      });
      expect(success.statusCode).toBe(200);
    }
  });

  it('limits one address guessing across many accounts', async () => {
    const address = '10.3.0.1';
    let lastStatus = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await call(app, 'POST', '/api/auth/login', {
        body: { email: `someone-${attempt}@example.com`, password: 'guess' },
        remoteAddress: address,
      });
      lastStatus = response.statusCode;
    }
    expect(lastStatus).toBe(429);
  });
});

describe('access tokens', () => {
  let user: TestUser;
  let session: LoginResponse;
  beforeAll(async () => {
    user = await createUser(app, { role: 'worker' });
    session = await signIn(app, user);
  });

  it('GET /me answers the signed-in user and refuses missing, malformed and forged tokens', async () => {
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(session.user);

    const missing = await call(app, 'GET', '/api/auth/me');
    expect([missing.statusCode, missing.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const garbage = await call(app, 'GET', '/api/auth/me', { token: 'not-a-jwt' });
    expect([garbage.statusCode, garbage.json().code]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    const [header, payload] = session.accessToken.split('.');
    const forged = await call(app, 'GET', '/api/auth/me', { token: `${header}.${payload}.AAAA` });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses an expired access token', async () => {
    advanceClock(16 * 60);
    const response = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect([response.statusCode, response.json().code]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
  });

  it('GET /check says whether the token is live, and never answers 401', async () => {
    const live = await call(app, 'GET', '/api/auth/check', { token: session.accessToken });
    expect(live.json()).toEqual({ loggedIn: true });
    const none = await call(app, 'GET', '/api/auth/check');
    expect([none.statusCode, none.json()]).toEqual([200, { loggedIn: false }]);
    const bad = await call(app, 'GET', '/api/auth/check', { token: 'nope' });
    expect([bad.statusCode, bad.json()]).toEqual([200, { loggedIn: false }]);
  });

  it('refuses a token whose session belongs to another user, though signed with the real key', async () => {
    const administrator = await createUser(app, { role: 'administrator' });
    const workerSession = await signIn(app, await createUser(app, { role: 'worker' }));
    const [, payload = ''] = workerSession.accessToken.split('.');
    const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const [row] = await app.db.select().from(users).where(eq(users.id, administrator.id));
    const forged = await app.accessTokens.sign({
      userId: administrator.id,
      role: 'administrator',
      departmentId: null,
      tokenVersion: row?.tokenVersion ?? 0,
      sessionId: sid,
    });
    const response = await call(app, 'GET', '/api/auth/me', { token: forged });
    expect([response.statusCode, response.json().code]).toEqual([401, 'ACCESS_TOKEN_INVALID']);
    expect((await call(app, 'GET', '/api/auth/check', { token: forged })).json()).toEqual({ loggedIn: false });
  });

  it('a role change takes effect on the next request, and a refresh carries the new role', async () => {
    const changed = await createUser(app, { role: 'worker' });
    const before = await signIn(app, changed);
    await app.db
      .update(users)
      .set({ role: 'administrator', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, changed.id));
    const stale = await call(app, 'GET', '/api/auth/me', { token: before.accessToken });
    expect(stale.statusCode).toBe(401);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: before.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const me = await call(app, 'GET', '/api/auth/me', { token: refreshed.json().accessToken });
    expect(me.json().role).toBe('administrator');
  });

  it('disabling a user ends their access at once, refresh included', async () => {
    const leaving = await createUser(app);
    const active = await signIn(app, leaving);
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, leaving.id));
    expect((await call(app, 'GET', '/api/auth/me', { token: active.accessToken })).statusCode).toBe(401);
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: active.refreshToken } });
    expect([refresh.statusCode, refresh.json().code]).toEqual([401, 'REFRESH_TOKEN_INVALID']);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair each time, and the new access token works', async () => {
    const first = await signIn(app, await createUser(app));
    const response = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(Object.keys(second).sort()).toEqual([
      'accessToken',
      'mustChangePassword',
      'mustSetUpTwoFactor',
      'refreshToken',
    ]);
    expect(second.mustChangePassword).toBe(false);
    expect(second.mustSetUpTwoFactor).toBe(false);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await call(app, 'GET', '/api/auth/me', { token: second.accessToken })).statusCode).toBe(200);
  });

  it('answers 20 refreshes of one token at once with one and the same pair, which works', async () => {
    const session = await signIn(app, await createUser(app));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const pairs = new Set(responses.map((response) => response.body));
    expect(pairs.size).toBe(1);
    const pair = responses[0]?.json();
    expect((await call(app, 'GET', '/api/auth/me', { token: pair.accessToken })).statusCode).toBe(200);
    const next = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: pair.refreshToken } });
    expect(next.statusCode).toBe(200);
  });

  it('within the grace window, revokes the session when a token two rotations old is replayed', async () => {
    const session = await signIn(app, await createUser(app));
    const refresh = (refreshToken: string) => call(app, 'POST', '/api/auth/refresh', { body: { refreshToken } });
    const second = (await refresh(session.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    const replay = await refresh(session.refreshToken);
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'REFRESH_TOKEN_INVALID']);
    // Detected as any later reuse is: the live token and its access token end with it.
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: third.accessToken })).statusCode).toBe(401);
  });

  it('answers a refresh racing a department switch with the pair the switch issued', async () => {
    const user = await createUser(app, { departments: ['Race A', 'Race B'] });
    const session = await signIn(app, user);
    const target = session.user.departments.find((department) => department.id !== session.user.currentDepartment?.id);
    const switched = await call(app, 'POST', '/api/auth/department/switch', {
      token: session.accessToken,
      body: { newDepartment: target?.id },
    });
    expect(switched.statusCode).toBe(200);
    const late = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({
      accessToken: switched.json().accessToken,
      refreshToken: switched.json().refreshToken,
      mustChangePassword: false,
      mustSetUpTwoFactor: false,
    });
  });

  it('revokes the whole family when a rotated token is presented after the grace window', async () => {
    const session = await signIn(app, await createUser(app));
    const rotated = (
      await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })
    ).json();
    advanceClock(11);
    const reuse = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect([reuse.statusCode, reuse.json().code]).toEqual([401, 'REFRESH_TOKEN_INVALID']);
    // The legitimate holder's newer token and access token are dead too.
    const successor = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: rotated.refreshToken } });
    expect(successor.statusCode).toBe(401);
    vi.useRealTimers();
    expect((await call(app, 'GET', '/api/auth/me', { token: rotated.accessToken })).statusCode).toBe(401);
  });

  it('counts the grace window from the first rotation: repeated reuse cannot keep it open', async () => {
    const session = await signIn(app, await createUser(app));
    const reuse = () => call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect((await reuse()).statusCode).toBe(200);
    advanceClock(6);
    expect((await reuse()).statusCode).toBe(200);
    advanceClock(6);
    expect((await reuse()).statusCode).toBe(401);
  });

  it('housekeeping keeps a sealed pair through its grace window and forgets it afterwards', async () => {
    const session = await signIn(app, await createUser(app));
    const repeat = () => call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    const rotated = (await repeat()).json();
    await pruneRefreshTokens(app.db, 10);
    expect((await repeat()).json()).toEqual(rotated);
    const hash = hashRefreshToken(session.refreshToken);
    await app.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, hash));
    await pruneRefreshTokens(app.db, 10);
    const [row] = await app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    expect(row?.successorPairSealed).toBeNull();
    expect(row?.successorId).not.toBeNull();
  });

  it('an operator setting a new password ends the sessions of that user', async () => {
    const user = await createUser(app);
    const session = await signIn(app, user);
    await upsertUser(app.db, { email: user.email, password: 'a brand new password', role: 'worker' });
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: session.accessToken })).statusCode).toBe(401);
  });

  it('refuses a token idle for longer than the idle lifetime, and unknown tokens', async () => {
    const session = await signIn(app, await createUser(app));
    advanceClock(12 * 3600 + 60);
    const idle = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(idle.statusCode).toBe(401);
    vi.useRealTimers();
    const unknown = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: 'made-up' } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'REFRESH_TOKEN_INVALID']);
    const malformed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: 7 } });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its refresh and access tokens stop working, and repeating it still answers 204', async () => {
    const session = await signIn(app, await createUser(app));
    const logout = await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: session.accessToken })).statusCode).toBe(401);
    const again = await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(again.statusCode).toBe(204);
  });
});

describe('POST /api/auth/department/switch', () => {
  it('switches to a department the user belongs to and reissues both tokens', async () => {
    const user = await createUser(app, { departments: ['Switch A', 'Switch B'] });
    const session = await signIn(app, user);
    const target = session.user.departments.find((department) => department.id !== session.user.currentDepartment?.id);
    const response = await call(app, 'POST', '/api/auth/department/switch', {
      token: session.accessToken,
      body: { newDepartment: target?.id },
    });
    expect(response.statusCode).toBe(200);
    const switched: LoginResponse = response.json();
    expect(switched.user.currentDepartment).toEqual(target);
    expect(switched.refreshToken).not.toBe(session.refreshToken);
    const me = await call(app, 'GET', '/api/auth/me', { token: switched.accessToken });
    expect(me.json().currentDepartment).toEqual(target);

    // The department survives a refresh and the next sign-in.
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: switched.refreshToken } });
    const afterRefresh = await call(app, 'GET', '/api/auth/me', { token: refreshed.json().accessToken });
    expect(afterRefresh.json().currentDepartment).toEqual(target);
    expect((await signIn(app, user)).user.currentDepartment).toEqual(target);
  });

  it('refuses a department the user does not belong to, existing or not', async () => {
    const user = await createUser(app, { departments: ['Member Only'] });
    await createUser(app, { departments: ['Somebody Else'] });
    const [other] = await app.db.select().from(departments).where(eq(departments.name, 'Somebody Else'));
    const session = await signIn(app, user);
    for (const newDepartment of [other?.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await call(app, 'POST', '/api/auth/department/switch', {
        token: session.accessToken,
        body: { newDepartment },
      });
      expect([response.statusCode, response.json().code]).toEqual([403, 'NOT_A_DEPARTMENT_MEMBER']);
    }
    const malformed = await call(app, 'POST', '/api/auth/department/switch', {
      token: session.accessToken,
      body: { newDepartment: 'sales' },
    });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await call(app, 'POST', '/api/auth/department/switch', { body: { newDepartment: other?.id } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/auth/dev-mode', () => {
  it('reports developer mode from the configuration', async () => {
    expect((await call(app, 'GET', '/api/auth/dev-mode')).json()).toEqual({ devMode: false });
    expect((await call(devApp, 'GET', '/api/auth/dev-mode')).json()).toEqual({ devMode: true });
  });
});
