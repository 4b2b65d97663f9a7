import type {
  LoginResponse,
  RecoveryCodes,
  RefreshResponse,
  SecurityPolicy,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@cm/contract';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call } from '../../../test/app.js';
import { testEngine } from '../../../test/engine.js';
import { createUser, signIn, type TestUser } from '../../../test/factories.js';
import { holdTransaction, lockWaiters } from '../../../test/held-transaction.js';
import { auditLog, signInThrottle, userTwoFactor } from '../../db/schema/index.js';

const app = await buildTestApp();
const DEPARTMENT = 'Two-factor North';
const STEP_MS = 30_000;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Pins the server's clock (as JavaScript sees it) ten seconds into the time step `steps` after the real one, so a
 * code computed for a step is never a step boundary away from being refused. The database keeps real time.
 */
function atStep(steps: number): number {
  const now = (Math.floor(Date.now() / STEP_MS) + steps) * STEP_MS + 10_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return now;
}

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

function login(user: TestUser, code?: string, remoteAddress?: string) {
  return call(app, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password, ...(code !== undefined && { code }) },
    ...(remoteAddress && { remoteAddress }),
  });
}

function statusOf(token: string) {
  return call(app, 'GET', '/api/profile/two-factor', { token });
}

/** A user with two-factor sign-in turned on at the pinned step; answers their secret and recovery codes. */
async function withTwoFactor(options: { role?: 'administrator' | 'manager' | 'worker' } = {}) {
  const user = await createUser(app, { role: options.role ?? 'worker', departments: [DEPARTMENT] });
  const { accessToken } = await signIn(app, user);
  const setup = await call(app, 'POST', '/api/profile/two-factor/setup', { token: accessToken });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<TwoFactorSetup>();
  const enable = await call(app, 'POST', '/api/profile/two-factor/enable', {
    token: accessToken,
    body: { code: codeAt(secret, Date.now()), password: user.password },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { user, token: accessToken, secret, recoveryCodes: enable.json<RecoveryCodes>().recoveryCodes };
}

async function auditActions(userId: string) {
  const rows = await app.db
    .select({ action: auditLog.action, details: auditLog.details, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, userId))
    .orderBy(auditLog.id);
  return rows;
}

describe('turning two-factor sign-in on', () => {
  it('gives a secret as a QR code and text, confirms it with a code and answers ten recovery codes once', async () => {
    const now = atStep(0);
    const user = await createUser(app, { departments: [DEPARTMENT] });
    const { accessToken } = await signIn(app, user);
    expect((await statusOf(accessToken)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await call(app, 'POST', '/api/profile/two-factor/setup', { token: accessToken });
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrCodeSvg } = setup.json<TwoFactorSetup>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain('otpauth://totp/');
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauthUri)).toContain(user.email);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // At rest the secret is sealed: a copy of the database does not give it away.
    const [row] = await app.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.enabledAt).toBeNull();
    // Until a code confirms the setup, sign-in asks for none.
    expect((await login(user)).statusCode).toBe(200);

    const wrong = await call(app, 'POST', '/api/profile/two-factor/enable', {
      token: accessToken,
      body: { code: codeAt(secret, now - 10 * STEP_MS), password: user.password },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INCORRECT');
    // A session alone cannot bind the account to a phone: the password is asked too.
    const withoutPassword = await call(app, 'POST', '/api/profile/two-factor/enable', {
      token: accessToken,
      body: { code: codeAt(secret, now), password: 'not the password' },
    });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().code).toBe('CURRENT_PASSWORD_INCORRECT');

    const enable = await call(app, 'POST', '/api/profile/two-factor/enable', {
      token: accessToken,
      body: { code: codeAt(secret, now), password: user.password },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.headers['cache-control']).toBe('no-store');
    const { recoveryCodes } = enable.json<RecoveryCodes>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);

    const status = (await statusOf(accessToken)).json<TwoFactorStatus>();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.enabledAt).not.toBeNull();
    const audit = await auditActions(user.id);
    expect(audit.map((entry) => entry.action)).toContain('two-factor.enabled');
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(recoveryCodes[0]);

    // Once on, a new setup would lock the person out of the app they just set up.
    const again = await call(app, 'POST', '/api/profile/two-factor/setup', { token: accessToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('refuses to confirm what was never set up', async () => {
    const user = await createUser(app, { departments: [DEPARTMENT] });
    const { accessToken } = await signIn(app, user);
    const response = await call(app, 'POST', '/api/profile/two-factor/enable', {
      token: accessToken,
      body: { code: '123456', password: user.password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('TWO_FACTOR_NOT_SET_UP');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the right password only, and accepts a code of its time once', async () => {
    const now = atStep(0);
    const { user, secret } = await withTwoFactor();
    const address = '10.61.0.1';

    const noCode = await login(user, undefined, address);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('SECOND_FACTOR_REQUIRED');
    // A wrong password is wrong whatever the code: it neither reveals nor spends anything.
    const wrongPassword = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'not the password', code: codeAt(secret, now + STEP_MS) },
      remoteAddress: address,
    });
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');

    // The step enabling used is spent; the next one signs in, once.
    const replayOfEnabling = await login(user, codeAt(secret, now), address);
    expect(replayOfEnabling.json().code).toBe('SECOND_FACTOR_INVALID');
    const next = await login(user, codeAt(secret, now + STEP_MS), address);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<LoginResponse>().user.id).toBe(user.id);
    const replay = await login(user, codeAt(secret, now + STEP_MS), address);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SECOND_FACTOR_INVALID');

    // A code three steps old has expired, whatever was used before.
    atStep(5);
    const expired = await login(user, codeAt(secret, now + 2 * STEP_MS), address);
    expect(expired.json().code).toBe('SECOND_FACTOR_INVALID');
    const current = await login(user, codeAt(secret, Date.now()), address);
    expect(current.statusCode, current.body).toBe(200);

    const audit = await auditActions(user.id);
    expect(audit.filter((entry) => entry.action === 'sign-in.second-factor-failed')).toHaveLength(3);
    expect(audit.filter((entry) => entry.action === 'sign-in').at(-1)?.details).toEqual({ secondFactor: 'app' });
  });

  it('accepts each recovery code once, typed as printed or not', async () => {
    atStep(0);
    const { user, token, recoveryCodes } = await withTwoFactor();
    const [first = '', second = ''] = recoveryCodes;
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const response = await login(user, typed, '10.62.0.1');
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(user, first, '10.62.0.1')).json().code).toBe('SECOND_FACTOR_INVALID');
    expect((await login(user, second.replace('-', ''), '10.62.0.1')).statusCode).toBe(200);
    expect((await statusOf(token)).json<TwoFactorStatus>().recoveryCodesLeft).toBe(8);
    const signIns = (await auditActions(user.id)).filter((entry) => entry.action === 'sign-in');
    expect(signIns.at(-1)?.details).toEqual({ secondFactor: 'recovery-code' });
  });

  it('throttles wrong codes per account from every address, as wrong passwords are', async () => {
    const now = atStep(0);
    const { user, secret } = await withTwoFactor();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(user, '000000', `10.63.0.${attempt}`);
      expect(response.json().code).toBe('SECOND_FACTOR_INVALID');
    }
    // The right code from yet another address waits too: the account is locked, not the address.
    const locked = await login(user, codeAt(secret, now + STEP_MS), '10.63.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(0);

    // Twenty minutes on, the lock has passed but the failures still count: the next wrong code locks again at once,
    // for longer (a password's failures would have been forgotten by then).
    await app.db
      .update(signInThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'`, lastFailureAt: sql`now() - interval '20 minutes'` })
      .where(eq(signInThrottle.key, `second-factor:${user.id}`));
    expect((await login(user, '000000', '10.63.2.1')).json().code).toBe('SECOND_FACTOR_INVALID');
    const again = await login(user, codeAt(secret, now + STEP_MS), '10.63.2.2');
    expect(again.json().code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(again.json().retryAfterSeconds).toBeGreaterThan(30);
  });

  it('lets one of two sign-ins sent at once with the same code through', async () => {
    const now = atStep(0);
    const { user, secret } = await withTwoFactor();
    const code = codeAt(secret, now + STEP_MS);
    const answers = await Promise.all([login(user, code, '10.64.0.1'), login(user, code, '10.64.0.2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('tells a sign-in code that is too long or not text from a wrong one', async () => {
    const user = await createUser(app, { departments: [DEPARTMENT] });
    for (const code of ['x'.repeat(65), 123456, '']) {
      const response = await call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password, code },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('turning two-factor sign-in off and replacing recovery codes', () => {
  it('asks for the password before either, and then signs in with the password alone', async () => {
    atStep(0);
    const { user, token, recoveryCodes } = await withTwoFactor();

    const replaced = await call(app, 'POST', '/api/profile/two-factor/recovery-codes', {
      token,
      body: { password: user.password },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const fresh = replaced.json<RecoveryCodes>().recoveryCodes;
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await login(user, recoveryCodes[0], '10.65.0.1')).json().code).toBe('SECOND_FACTOR_INVALID');
    expect((await login(user, fresh[0], '10.65.0.1')).statusCode).toBe(200);

    const wrong = await call(app, 'POST', '/api/profile/two-factor/disable', {
      token,
      body: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    const off = await call(app, 'POST', '/api/profile/two-factor/disable', {
      token,
      body: { password: user.password },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await login(user)).statusCode).toBe(200);
    expect((await statusOf(token)).json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const twice = await call(app, 'POST', '/api/profile/two-factor/disable', {
      token,
      body: { password: user.password },
    });
    expect(twice.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
    const codesWhenOff = await call(app, 'POST', '/api/profile/two-factor/recovery-codes', {
      token,
      body: { password: user.password },
    });
    expect(codesWhenOff.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
    const actions = (await auditActions(user.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['two-factor.recovery-codes-replaced', 'two-factor.disabled']));
  });

  it('answers 400 for bodies that are not what the contract says', async () => {
    const user = await createUser(app, { departments: [DEPARTMENT] });
    const { accessToken: token } = await signIn(app, user);
    const bad: [string, unknown][] = [
      ['/api/profile/two-factor/enable', { code: '12345', password: user.password }],
      ['/api/profile/two-factor/enable', { code: 123456, password: user.password }],
      ['/api/profile/two-factor/enable', { code: '123456', password: user.password, extra: true }],
      ['/api/profile/two-factor/enable', { code: '123456' }],
      ['/api/profile/two-factor/enable', {}],
      ['/api/profile/two-factor/disable', {}],
      ['/api/profile/two-factor/disable', { password: '' }],
      ['/api/profile/two-factor/recovery-codes', { password: 'x'.repeat(1025) }],
    ];
    for (const [url, body] of bad) {
      const response = await call(app, 'POST', url, { token, body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('administrators and two-factor sign-in', () => {
  it('resets another user’s two-factor sign-in, never their own, and audits it', async () => {
    atStep(0);
    const administrator = await withTwoFactor({ role: 'administrator' });
    const adminSession = await login(administrator.user, administrator.recoveryCodes[0]);
    const ADMIN = adminSession.json<LoginResponse>().accessToken;
    const { user } = await withTwoFactor();

    const listed = await call(app, 'GET', `/api/users/${user.id}`, { token: ADMIN });
    expect(listed.json().twoFactorEnabled).toBe(true);
    const reset = await call(app, 'DELETE', `/api/users/${user.id}/two-factor`, { token: ADMIN });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await login(user)).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/users/${user.id}`, { token: ADMIN })).json().twoFactorEnabled).toBe(false);
    const [entry] = (await auditActions(user.id)).filter((row) => row.action === 'user.two-factor-reset');
    expect(entry?.actor).toBe(administrator.user.id);
    // Again: nothing to reset, nothing recorded.
    expect((await call(app, 'DELETE', `/api/users/${user.id}/two-factor`, { token: ADMIN })).statusCode).toBe(204);
    expect((await auditActions(user.id)).filter((row) => row.action === 'user.two-factor-reset')).toHaveLength(1);

    const own = await call(app, 'DELETE', `/api/users/${administrator.user.id}/two-factor`, { token: ADMIN });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('CANNOT_RESET_OWN_TWO_FACTOR');
    const unknown = await call(app, 'DELETE', '/api/users/00000000-0000-4000-8000-000000000000/two-factor', {
      token: ADMIN,
    });
    expect(unknown.statusCode).toBe(404);
    const manager = await signIn(app, await createUser(app, { role: 'manager', departments: [DEPARTMENT] }));
    const byManager = await call(app, 'DELETE', `/api/users/${user.id}/two-factor`, { token: manager.accessToken });
    expect(byManager.statusCode).toBe(403);
  });

  it('requires it of every administrator once the policy says so, and of no one else', async () => {
    atStep(0);
    const withoutIt = await createUser(app, { role: 'administrator', departments: [DEPARTMENT] });
    const other = await signIn(app, withoutIt);
    const refused = await call(app, 'PUT', '/api/security-policy', {
      token: other.accessToken,
      body: { requireTwoFactorForAdministrators: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TWO_FACTOR_NOT_ENABLED');

    const administrator = await withTwoFactor({ role: 'administrator' });
    const manager = await signIn(app, await createUser(app, { role: 'manager', departments: [DEPARTMENT] }));
    try {
      const on = await call(app, 'PUT', '/api/security-policy', {
        token: administrator.token,
        body: { requireTwoFactorForAdministrators: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      expect((await call(app, 'GET', '/api/security-policy', { token: administrator.token })).json()).toEqual({
        requireTwoFactorForAdministrators: true,
      } satisfies SecurityPolicy);
      const [changed] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'security-policy.changed'), eq(auditLog.actorUserId, administrator.user.id)));
      expect(changed?.details).toEqual({
        before: { requireTwoFactorForAdministrators: false },
        after: { requireTwoFactorForAdministrators: true },
      });

      // The administrator without it: the session already open may only read itself and set it up.
      const blocked = await call(app, 'GET', '/api/users', { token: other.accessToken });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      const me = await call(app, 'GET', '/api/auth/me', { token: other.accessToken });
      expect(me.json().mustSetUpTwoFactor).toBe(true);
      const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } });
      expect(refreshed.json<RefreshResponse>().mustSetUpTwoFactor).toBe(true);
      const token = refreshed.json<RefreshResponse>().accessToken;
      expect((await statusOf(token)).json()).toMatchObject({ enabled: false, required: true });
      const { secret } = (await call(app, 'POST', '/api/profile/two-factor/setup', { token })).json<TwoFactorSetup>();
      const enabled = await call(app, 'POST', '/api/profile/two-factor/enable', {
        token,
        body: { code: codeAt(secret, Date.now()), password: withoutIt.password },
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect((await call(app, 'GET', '/api/users', { token })).statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/auth/me', { token })).json().mustSetUpTwoFactor).toBe(false);

      // Required of them, it cannot be turned off; a manager is not concerned.
      const off = await call(app, 'POST', '/api/profile/two-factor/disable', {
        token: administrator.token,
        body: { password: administrator.user.password },
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe('TWO_FACTOR_REQUIRED');
      expect((await call(app, 'GET', '/api/auth/me', { token: manager.accessToken })).json().mustSetUpTwoFactor).toBe(
        false,
      );
      expect((await statusOf(manager.accessToken)).json().required).toBe(false);

      // An administrator given a temporary password replaces it first, and then sets two-factor sign-in up.
      const newcomer = await createUser(app, { role: 'administrator', departments: [DEPARTMENT] });
      const given = await call(app, 'POST', `/api/users/${newcomer.id}/temporary-password`, {
        token: administrator.token,
        body: {},
      });
      const temporary = { ...newcomer, password: given.json().password as string };
      const first = await signIn(app, temporary);
      expect(first.user).toMatchObject({ mustChangePassword: true, mustSetUpTwoFactor: true });
      const early = await call(app, 'POST', '/api/profile/two-factor/setup', { token: first.accessToken });
      expect(early.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      const change = await call(app, 'POST', '/api/profile/password', {
        token: first.accessToken,
        body: { currentPassword: temporary.password, newPassword: 'a password of their own' },
      });
      expect(change.statusCode, change.body).toBe(204);
      const next = await call(app, 'GET', '/api/stock', { token: first.accessToken });
      expect(next.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      expect((await call(app, 'POST', '/api/profile/two-factor/setup', { token: first.accessToken })).statusCode).toBe(
        200,
      );
    } finally {
      const off = await call(app, 'PUT', '/api/security-policy', {
        token: administrator.token,
        body: { requireTwoFactorForAdministrators: false },
      });
      expect(off.statusCode, off.body).toBe(200);
    }
  });

  it('keeps the policy to administrators', async () => {
    const manager = await signIn(app, await createUser(app, { role: 'manager', departments: [DEPARTMENT] }));
    const worker = await signIn(app, await createUser(app, { role: 'worker', departments: [DEPARTMENT] }));
    for (const token of [manager.accessToken, worker.accessToken]) {
      expect((await call(app, 'GET', '/api/security-policy', { token })).statusCode).toBe(403);
      const put = await call(app, 'PUT', '/api/security-policy', {
        token,
        body: { requireTwoFactorForAdministrators: false },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await call(app, 'GET', '/api/security-policy')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile/two-factor')).statusCode).toBe(401);
    const administrator = await signIn(
      app,
      await createUser(app, { role: 'administrator', departments: [DEPARTMENT] }),
    );
    const bad = await call(app, 'PUT', '/api/security-policy', {
      token: administrator.accessToken,
      body: { requireTwoFactorForAdministrators: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe.runIf(testEngine().kind === 'postgres')('resetting two-factor sign-in while a sign-in spends a code', () => {
  it('waits for the sign-in, taking the rows in the same order, rather than deadlocking with it', async () => {
    atStep(0);
    const { user } = await withTwoFactor();
    const administrator = await signIn(
      app,
      await createUser(app, { role: 'administrator', departments: [DEPARTMENT] }),
    );
    // A sign-in in flight holds the two-factor row, and is about to spend one of the recovery codes.
    const signingIn = await holdTransaction(
      app.db,
      sql`select user_id from user_two_factor where user_id = ${user.id} for update`,
    );
    const resetting = call(app, 'DELETE', `/api/users/${user.id}/two-factor`, { token: administrator.accessToken });
    await lockWaiters(app.db, 1, resetting);
    // The reset must not hold a recovery code while it waits: the sign-in would wait for it in turn, a deadlock.
    await signingIn.run(sql`set local lock_timeout = '500ms'`);
    await signingIn.run(sql`update user_recovery_codes set used_at = now() where user_id = ${user.id}`);
    await signingIn.commit();
    expect((await resetting).statusCode).toBe(204);
    expect((await login(user)).statusCode).toBe(200);
  });
});
