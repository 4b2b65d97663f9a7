import type { ColleagueList, LoginResponse, SignedInUser } from '@cm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, signIn, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { holdTransaction, lockWaiters } from '../../../test/held-transaction.js';
import { auditLog, users } from '../../db/schema/index.js';

const app = await buildTestApp();

const NEW_PASSWORD = 'a brand new pass phrase';

describe('PATCH /api/profile', () => {
  let user: TestUser;
  let session: LoginResponse;
  beforeAll(async () => {
    user = await createUser(app, { role: 'manager', departments: ['Profile Sales'] });
    session = await signIn(app, user);
  });

  it('starts every account with no language or theme chosen, as login and /auth/me say', async () => {
    expect(session.user).toMatchObject({ locale: null, theme: null, name: 'Test User' });
    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json()).toMatchObject({ locale: null, theme: null });
  });

  it('saves the language and theme to the account: /auth/me and the next sign-in return them', async () => {
    const response = await call(app, 'PATCH', '/api/profile', {
      token: session.accessToken,
      body: { locale: 'ru', theme: 'dark' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SignedInUser>()).toMatchObject({ id: user.id, locale: 'ru', theme: 'dark' });

    const me = await call(app, 'GET', '/api/auth/me', { token: session.accessToken });
    expect(me.json<SignedInUser>()).toMatchObject({ locale: 'ru', theme: 'dark' });
    const again = await signIn(app, user);
    expect(again.user).toMatchObject({ locale: 'ru', theme: 'dark' });

    await call(app, 'PATCH', '/api/profile', { token: session.accessToken, body: { theme: 'system' } });
    const later = await signIn(app, user);
    expect(later.user).toMatchObject({ locale: 'ru', theme: 'system' });

    // English and light are choices like any other, told apart from none chosen.
    await call(app, 'PATCH', '/api/profile', { token: session.accessToken, body: { locale: 'en', theme: 'light' } });
    expect((await signIn(app, user)).user).toMatchObject({ locale: 'en', theme: 'light' });
    const cleared = await call(app, 'PATCH', '/api/profile', {
      token: session.accessToken,
      body: { locale: null, theme: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await signIn(app, user)).user).toMatchObject({ locale: null, theme: null });
  });

  it('renames the account, trimmed, and audits the name before and after', async () => {
    const response = await call(app, 'PATCH', '/api/profile', {
      token: session.accessToken,
      body: { name: '  Anna Petrova  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SignedInUser>().name).toBe('Anna Petrova');
    const [row] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('Anna Petrova');
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'profile.name-changed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: user.id, details: { before: 'Test User', after: 'Anna Petrova' } });
  });

  it('changes only the caller: an id, a role or an e-mail in the body is refused', async () => {
    const other = await createUser(app, { departments: ['Profile Sales'] });
    for (const body of [
      { id: other.id, name: 'Taken over' },
      { userId: other.id, name: 'Taken over' },
      { role: 'administrator' },
      { email: 'someone-else@example.com' },
    ]) {
      const response = await call(app, 'PATCH', '/api/profile', { token: session.accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await app.db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, other.id));
    expect(row).toEqual({ name: 'Test User', role: 'worker' });
    const [own] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(own?.role).toBe('manager');
  });

  it('answers bad bodies with 4xx problems, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 42 },
      { locale: 'de' },
      { theme: 'auto' },
      { theme: 3 },
      [],
      'text',
      null,
    ];
    for (const body of bodies) {
      const response = await call(app, 'PATCH', '/api/profile', { token: session.accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const malformed = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');
  });
});

describe('POST /api/profile/password', () => {
  it('refuses a wrong current password with 422 and changes nothing', async () => {
    const user = await createUser(app);
    const { accessToken } = await signIn(app, user);
    const response = await call(app, 'POST', '/api/profile/password', {
      token: accessToken,
      body: { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    // The session is not harmed by a wrong guess, and the old password still signs in.
    expect((await call(app, 'GET', '/api/auth/me', { token: accessToken })).statusCode).toBe(200);
    await expect(signIn(app, user)).resolves.toBeDefined();
  });

  it('throttles repeated wrong guesses like sign-in attempts', async () => {
    const user = await createUser(app);
    const { accessToken } = await signIn(app, user);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await call(app, 'POST', '/api/profile/password', {
        token: accessToken,
        body: { currentPassword: `wrong ${attempt}`, newPassword: NEW_PASSWORD },
        remoteAddress: '10.9.8.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The lock is the password change's own: signing in still works.
    await expect(signIn(app, user, '10.9.8.7')).resolves.toBeDefined();
  });

  it('changes the password and ends every other session; the current one carries on', async () => {
    const user = await createUser(app, { departments: ['Password Sales'] });
    const current = await signIn(app, user);
    const otherTab = await signIn(app, user);
    const otherDevice = await signIn(app, user);

    const response = await call(app, 'POST', '/api/profile/password', {
      token: current.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(204);

    // The other sessions end at once: their access tokens and their refresh tokens are refused.
    for (const ended of [otherTab, otherDevice]) {
      const me = await call(app, 'GET', '/api/auth/me', { token: ended.accessToken });
      expect(me.statusCode).toBe(401);
      const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: ended.refreshToken } });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().code).toBe('REFRESH_TOKEN_INVALID');
    }

    // The session that changed it keeps working, refreshes included.
    expect((await call(app, 'GET', '/api/auth/me', { token: current.accessToken })).statusCode).toBe(200);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: current.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    const me = await call(app, 'GET', '/api/auth/me', { token: refreshed.json().accessToken });
    expect(me.statusCode).toBe(200);

    // Only the new password signs in now.
    const old = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(old.statusCode).toBe(401);
    await expect(signIn(app, { ...user, password: NEW_PASSWORD })).resolves.toBeDefined();

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'password.changed')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ endedSessions: 2 });
    expect(JSON.stringify(audit[0])).not.toContain(NEW_PASSWORD);
  });

  it('ends no one else’s session', async () => {
    const user = await createUser(app, { departments: ['Password Sales'] });
    const colleague = await createUser(app, { departments: ['Password Sales'] });
    const theirs = await signIn(app, colleague);
    const mine = await signIn(app, user);
    const response = await call(app, 'POST', '/api/profile/password', {
      token: mine.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/auth/me', { token: theirs.accessToken })).statusCode).toBe(200);
    const refresh = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: theirs.refreshToken } });
    expect(refresh.statusCode).toBe(200);
  });

  it('answers bad bodies with 400 problems, never 500', async () => {
    const user = await createUser(app);
    const { accessToken } = await signIn(app, user);
    const bodies: unknown[] = [
      {},
      { currentPassword: TEST_PASSWORD },
      { newPassword: NEW_PASSWORD },
      { currentPassword: '', newPassword: NEW_PASSWORD },
      { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(1025) },
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, userId: user.id },
      { currentPassword: 1, newPassword: 2 },
      null,
    ];
    for (const body of bodies) {
      const response = await call(app, 'POST', '/api/profile/password', { token: accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    await expect(signIn(app, user)).resolves.toBeDefined();
  });
});

describe('GET /api/profile/colleagues', () => {
  it('lists the other active members of the current department only, without AMO IDs', async () => {
    const me = await createUser(app, { role: 'manager', departments: ['Colleagues North', 'Colleagues South'] });
    const northManager = await createUser(app, { role: 'manager', departments: ['Colleagues North'] });
    await app.db.update(users).set({ name: 'Boris North', amoId: 987_654 }).where(eq(users.id, northManager.id));
    const northWorker = await createUser(app, { role: 'worker', departments: ['Colleagues North'] });
    await app.db.update(users).set({ name: 'alla North' }).where(eq(users.id, northWorker.id));
    const disabled = await createUser(app, { departments: ['Colleagues North'] });
    await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    const south = await createUser(app, { departments: ['Colleagues South'] });

    const session = await signIn(app, me);
    const north = session.user.departments.find((department) => department.name === 'Colleagues North');
    const switched = await call(app, 'POST', '/api/auth/department/switch', {
      token: session.accessToken,
      body: { newDepartment: north?.id },
    });
    const token = switched.json<LoginResponse>().accessToken;

    const response = await call(app, 'GET', '/api/profile/colleagues', { token });
    expect(response.statusCode).toBe(200);
    const list = response.json<ColleagueList>();
    expect(list.items.map((colleague) => colleague.id)).toEqual([northWorker.id, northManager.id]);
    expect(list.items[1]).toEqual({
      id: northManager.id,
      name: 'Boris North',
      role: 'manager',
      email: northManager.email,
      avatar: '/avatars/default.svg',
      socialProfiles: { telegram: null, whatsapp: null, vk: null, linkedin: null },
    });
    expect(response.body).not.toContain('987654');
    expect(list.items.map((colleague) => colleague.id)).not.toContain(south.id);
    expect(list.items.map((colleague) => colleague.id)).not.toContain(me.id);
  });

  it('is open to every role of the department', async () => {
    for (const role of ['worker', 'manager', 'administrator'] as const) {
      const user = await createUser(app, { role, departments: ['Colleagues Roles'] });
      const { accessToken } = await signIn(app, user);
      const response = await call(app, 'GET', '/api/profile/colleagues', { token: accessToken });
      expect(response.statusCode, role).toBe(200);
    }
  });

  it('needs a current department', async () => {
    const loner = await createUser(app, { departments: [] });
    const { accessToken } = await signIn(app, loner);
    const response = await call(app, 'GET', '/api/profile/colleagues', { token: accessToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NO_CURRENT_DEPARTMENT');
  });
});

describe('signed out', () => {
  it('answers 401 on every profile route without a token or with a dead one', async () => {
    const user = await createUser(app);
    const session = await signIn(app, user);
    await call(app, 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } });
    const routes = [
      ['PATCH', '/api/profile', { name: 'Nobody' }],
      ['POST', '/api/profile/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }],
      ['GET', '/api/profile/colleagues', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const anonymous = await call(app, method, url, { body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
      const ended = await call(app, method, url, { body, token: session.accessToken });
      expect(ended.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('Test User');
  });
});

// PGlite has one connection, so nothing there ever waits for another transaction.
describe.runIf(testEngine().kind === 'postgres')(
  'a session asking for new tokens while a password change ends it',
  () => {
    /** The session an access token belongs to (its `sid` claim). */
    const sessionOf = (accessToken: string): string => {
      const { sid } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
      if (typeof sid !== 'string') throw new Error('an access token names its session');
      return sid;
    };

    /** A password change in flight: the account locked, as the change locks it before ending the other sessions. */
    async function changingPassword(user: TestUser, kept: LoginResponse) {
      const changing = await holdTransaction(app.db, sql`select id from users where id = ${user.id} for update`);
      return async () => {
        await changing.run(
          sql`update refresh_tokens set revoked_at = now()
            where user_id = ${user.id} and revoked_at is null and family_id <> ${sessionOf(kept.accessToken)}`,
        );
        await changing.commit();
      };
    }

    it('a refresh waits for the change and is refused: no pair of an ended session is handed out', async () => {
      const user = await createUser(app, { role: 'manager', departments: ['Profile Sales'] });
      const kept = await signIn(app, user);
      const other = await signIn(app, user);
      const endOthers = await changingPassword(user, kept);
      const refreshing = call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } });
      await lockWaiters(app.db, 1, refreshing);
      await endOthers();
      const refused = await refreshing;
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    });

    it('a department switch waits for the change and is refused', async () => {
      const user = await createUser(app, { role: 'manager', departments: ['Profile Sales', 'Profile Online'] });
      const kept = await signIn(app, user);
      const other = await signIn(app, user);
      const elsewhere = other.user.departments.find((department) => department.id !== other.user.currentDepartment?.id);
      const endOthers = await changingPassword(user, kept);
      const switching = call(app, 'POST', '/api/auth/department/switch', {
        token: other.accessToken,
        body: { newDepartment: elsewhere?.id },
      });
      await lockWaiters(app.db, 1, switching);
      await endOthers();
      const refused = await switching;
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    });
  },
);

// PGlite has one connection, so nothing there ever waits for another transaction.
describe.runIf(testEngine().kind === 'postgres')('a password change racing a temporary password', () => {
  it('does not replace the temporary password an administrator set while it was hashing', async () => {
    const user = await createUser(app, { role: 'manager', departments: ['Profile Sales'] });
    const session = await signIn(app, user);
    // An administrator's temporary password in flight: the account locked, as giving one locks it.
    const giving = await holdTransaction(app.db, sql`select id from users where id = ${user.id} for update`);
    const changing = call(app, 'POST', '/api/profile/password', {
      token: session.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'the-holder-wants-this-one' },
    });
    await lockWaiters(app.db, 1, changing);
    await giving.run(
      sql`update users set password_hash = 'temporary-hash', must_change_password = true,
        token_version = token_version + 1 where id = ${user.id}`,
    );
    await giving.commit();
    const refused = await changing;
    expect(refused.statusCode, refused.body).toBe(401);
    const [row] = await app.db
      .select({ passwordHash: users.passwordHash, mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ passwordHash: 'temporary-hash', mustChangePassword: true });
  });
});
