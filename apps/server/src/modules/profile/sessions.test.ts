import { randomUUID } from 'node:crypto';
import type { AccountSessionList, LoginResponse, RefreshResponse } from '@cm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { holdTransaction, lockWaiters } from '../../../test/held-transaction.js';
import { auditLog, refreshTokens } from '../../db/schema/index.js';

const app = await buildTestApp();

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

/** Signs in as a browser does: with its User-Agent, from its address. */
async function signInFrom(user: TestUser, userAgent: string, ip: string): Promise<LoginResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function sessionsOf(token: string): Promise<AccountSessionList['items']> {
  const response = await call(app, 'GET', '/api/profile/sessions', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountSessionList>().items;
}

/** Whether a session still works: its access token reads /auth/me, and its refresh token refreshes. */
async function works(session: LoginResponse): Promise<{ access: number; refresh: number }> {
  const access = (await call(app, 'GET', '/api/auth/me', { token: session.accessToken })).statusCode;
  const refresh = (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } }))
    .statusCode;
  return { access, refresh };
}

function audits(userId: string, action: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUserId, userId), eq(auditLog.action, action)));
}

describe('GET /api/profile/sessions', () => {
  it('lists your live sessions with browser, system, address and times, this one first and marked', async () => {
    const user = await createUser(app);
    const firefox = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.1.0.1');
    const android = await signInFrom(user, CHROME_ON_ANDROID, '10.1.0.2');
    const safari = await signInFrom(user, SAFARI_ON_MAC, '10.1.0.3');
    // Someone else's session is none of theirs.
    await signInFrom(await createUser(app), FIREFOX_ON_WINDOWS, '10.9.9.9');

    const items = await sessionsOf(android.accessToken);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({
      browser: 'Chrome 131',
      operatingSystem: 'Android',
      ip: '10.1.0.2',
      current: true,
    });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    expect(items.slice(1).map((item) => [item.browser, item.operatingSystem, item.ip])).toEqual(
      expect.arrayContaining([
        ['Firefox 133', 'Windows', '10.1.0.1'],
        ['Safari 18', 'macOS', '10.1.0.3'],
      ]),
    );
    for (const item of items) {
      expect(Date.parse(item.signedInAt)).toBeLessThanOrEqual(Date.parse(item.lastUsedAt));
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(3);
    void firefox;
    void safari;
  });

  it('keeps the browser that signed in through refreshes, with the address and time of the last one', async () => {
    const user = await createUser(app);
    const session = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.2.0.1');
    const [before] = await sessionsOf(session.accessToken);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
      headers: { 'user-agent': CHROME_ON_ANDROID },
      remoteAddress: '10.2.0.99',
    });
    expect(refresh.statusCode).toBe(200);
    const items = await sessionsOf(refresh.json<RefreshResponse>().accessToken);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: before?.id,
      browser: 'Firefox 133',
      operatingSystem: 'Windows',
      ip: '10.2.0.99',
      signedInAt: before?.signedInAt,
      current: true,
    });
    expect(Date.parse(items[0]?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before?.lastUsedAt ?? ''));
  });

  it('keeps a bounded, trimmed User-Agent, and names nothing when it is blank', async () => {
    const user = await createUser(app);
    const long = await signInFrom(user, `  ${FIREFOX_ON_WINDOWS} ${'x'.repeat(5000)}  `, '10.3.0.1');
    const none = await signInFrom(user, '   ', '10.3.0.2');
    const stored = await app.db
      .select({ userAgent: refreshTokens.userAgent })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    const lengths = stored.map((row) => row.userAgent?.length ?? 0).sort((a, b) => a - b);
    expect(lengths).toEqual([0, 512]);
    expect(stored.find((row) => row.userAgent)?.userAgent?.startsWith('Mozilla/5.0')).toBe(true);
    const items = await sessionsOf(none.accessToken);
    expect(items.find((item) => item.current)).toMatchObject({ browser: null, operatingSystem: null });
    expect(items.find((item) => !item.current)).toMatchObject({ browser: 'Firefox 133', operatingSystem: 'Windows' });
    void long;
  });

  it('leaves out sessions that were signed out', async () => {
    const user = await createUser(app);
    const kept = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.4.0.1');
    const left = await signInFrom(user, SAFARI_ON_MAC, '10.4.0.2');
    await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: left.refreshToken } });
    const items = await sessionsOf(kept.accessToken);
    expect(items).toHaveLength(1);
    expect(items[0]?.current).toBe(true);
  });

  it('is open to every role, and to no one signed out', async () => {
    for (const role of ['administrator', 'manager', 'worker'] as const) {
      const user = await createUser(app, { role });
      const session = await signInFrom(user, SAFARI_ON_MAC, '10.5.0.1');
      const items = await sessionsOf(session.accessToken);
      expect(items, role).toHaveLength(1);
      const others = await call(app, 'POST', '/api/profile/sessions/sign-out-others', { token: session.accessToken });
      expect(others.statusCode, role).toBe(200);
      const mine = items[0]?.id ?? '';
      const end = await call(app, 'DELETE', `/api/profile/sessions/${mine}`, { token: session.accessToken });
      expect(end.statusCode, role).toBe(204);
    }
    for (const [method, url] of [
      ['GET', '/api/profile/sessions'],
      ['POST', '/api/profile/sessions/sign-out-others'],
      ['DELETE', `/api/profile/sessions/${randomUUID()}`],
    ] as const) {
      const response = await call(app, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('DELETE /api/profile/sessions/:id', () => {
  it('ends that session at once: its access and refresh tokens fail, the others carry on', async () => {
    const user = await createUser(app);
    const mine = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.6.0.1');
    const lost = await signInFrom(user, CHROME_ON_ANDROID, '10.6.0.2');
    const kept = await signInFrom(user, SAFARI_ON_MAC, '10.6.0.3');
    const target = (await sessionsOf(mine.accessToken)).find((item) => item.browser === 'Chrome 131');
    expect(target).toBeDefined();
    const response = await call(app, 'DELETE', `/api/profile/sessions/${target?.id}`, { token: mine.accessToken });
    expect(response.statusCode, response.body).toBe(204);

    expect(await works(lost)).toEqual({ access: 401, refresh: 401 });
    expect(await works(kept)).toEqual({ access: 200, refresh: 200 });
    expect((await call(app, 'GET', '/api/auth/me', { token: mine.accessToken })).statusCode).toBe(200);
    const remaining = await sessionsOf(mine.accessToken);
    expect(remaining.map((item) => item.id)).not.toContain(target?.id);

    const audit = await audits(user.id, 'session.signed-out');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: user.id, ip: '127.0.0.1', details: { sessionId: target?.id } });

    // Ended already: nothing to end.
    const again = await call(app, 'DELETE', `/api/profile/sessions/${target?.id}`, { token: mine.accessToken });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's session and leaves it alone, 404 for an unknown one, 400 for a bad id", async () => {
    const user = await createUser(app);
    const mine = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.7.0.1');
    const colleague = await createUser(app);
    const theirs = await signInFrom(colleague, SAFARI_ON_MAC, '10.7.0.2');
    const [theirId] = (await sessionsOf(theirs.accessToken)).map((item) => item.id);

    const foreign = await call(app, 'DELETE', `/api/profile/sessions/${theirId}`, { token: mine.accessToken });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect(await works(theirs)).toEqual({ access: 200, refresh: 200 });

    const unknown = await call(app, 'DELETE', `/api/profile/sessions/${randomUUID()}`, { token: mine.accessToken });
    expect(unknown.statusCode).toBe(404);
    for (const id of ['not-a-uuid', '1', "x'; drop table refresh_tokens; --"]) {
      const bad = await call(app, 'DELETE', `/api/profile/sessions/${encodeURIComponent(id)}`, {
        token: mine.accessToken,
      });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await audits(user.id, 'session.signed-out')).toHaveLength(0);
  });
});

describe('POST /api/profile/sessions/sign-out-others', () => {
  it('ends every other session at once and keeps this one', async () => {
    const user = await createUser(app);
    const mine = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.8.0.1');
    const others = [
      await signInFrom(user, CHROME_ON_ANDROID, '10.8.0.2'),
      await signInFrom(user, SAFARI_ON_MAC, '10.8.0.3'),
    ];
    const colleague = await signInFrom(await createUser(app), SAFARI_ON_MAC, '10.8.0.4');
    const response = await call(app, 'POST', '/api/profile/sessions/sign-out-others', { token: mine.accessToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    for (const ended of others) expect(await works(ended)).toEqual({ access: 401, refresh: 401 });
    expect(await works(colleague)).toEqual({ access: 200, refresh: 200 });
    const items = await sessionsOf(mine.accessToken);
    expect(items.map((item) => item.current)).toEqual([true]);
    const audit = await audits(user.id, 'session.others-signed-out');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ count: 2 });

    // Nothing left to end: nothing more to audit.
    const again = await call(app, 'POST', '/api/profile/sessions/sign-out-others', { token: mine.accessToken });
    expect(again.json()).toEqual({ count: 0 });
    expect(await audits(user.id, 'session.others-signed-out')).toHaveLength(1);
    expect(await works(mine)).toEqual({ access: 200, refresh: 200 });
  });

  it('refuses a body it does not take with a 4xx problem, never 500', async () => {
    const user = await createUser(app);
    const mine = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.8.1.1');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/profile/sessions/sign-out-others',
      headers: { authorization: `Bearer ${mine.accessToken}`, 'content-type': 'application/json' },
      payload: '{"all":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
  });
});

// PGlite has one connection, so nothing there ever waits for another transaction.
describe.runIf(testEngine().kind === 'postgres')('ending a session while it refreshes', () => {
  it('waits for the refresh in flight and ends the token it issued too', async () => {
    const user = await createUser(app);
    const kept = await signInFrom(user, FIREFOX_ON_WINDOWS, '10.5.0.1');
    await signInFrom(user, SAFARI_ON_MAC, '10.5.0.2');
    const ending = (await sessionsOf(kept.accessToken)).find((session) => !session.current)?.id ?? '';
    // A rotation in flight: it key-share locks the account while it issues the family's next token.
    const refreshing = await holdTransaction(app.db, sql`select id from users where id = ${user.id} for key share`);
    const signingOut = call(app, 'DELETE', `/api/profile/sessions/${ending}`, { token: kept.accessToken });
    await lockWaiters(app.db, 1, signingOut);
    await refreshing.run(
      sql`insert into refresh_tokens (family_id, user_id, token_hash, expires_at, family_expires_at)
        values (${ending}, ${user.id}, ${`rotated-${randomUUID()}`}, now() + interval '1 day', now() + interval '1 day')`,
    );
    await refreshing.commit();
    expect((await signingOut).statusCode).toBe(204);
    const live = await app.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, ending), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
  });
});
