import type {
  RecoveryCodes,
  SecurityPolicy,
  TwoFactorConfirmation,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { confirmPassword } from '../credentials/password-confirmation.js';
import {
  claimAttempt,
  forgiveAttempt,
  SECOND_FACTOR_LIMITS,
  type ThrottleKeys,
} from '../credentials/sign-in-throttle.js';
import { lockUser, type UserRow } from '../users/repository.js';
import { codeStep, isAppCode, keyUri, newSecret } from './one-time-codes.js';
import { newRecoveryCodes, recoveryCodeHasher } from './recovery-codes.js';
import {
  countRecoveryCodesLeft,
  findTwoFactor,
  lockTwoFactor,
  markEnabled,
  readPolicy,
  rememberUsedStep,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePolicy,
  saveSetup,
  spendRecoveryCode,
} from './repository.js';

/** What the secret column is sealed for (lib/secret-box.ts). */
const SECRET_PURPOSE = 'user_two_factor.secret_sealed';

/** How a second factor was passed, as the audit log records it. */
export type SecondFactorMethod = 'app' | 'recovery-code';

/**
 * Wrong codes are throttled like wrong passwords (ADR 0004), per account from every address: whoever is asked for a
 * code already holds the password, so moving to another address must not buy more guesses.
 */
export function secondFactorThrottleKeys(userId: string, ip: string): ThrottleKeys {
  return { account: `second-factor:${userId}`, ip: `ip:${ip}`, accountLimits: SECOND_FACTOR_LIMITS };
}

/** Turns a user's two-factor sign-in off, its row locked before its recovery codes go; answers whether it was on. */
async function turnOff(tx: Executor, userId: string): Promise<boolean> {
  return (await lockTwoFactor(tx, userId)) !== undefined && (await removeTwoFactor(tx, userId));
}

/**
 * The command line's reset (`npm run user:create -- --reset-two-factor`), for an administrator locked out with no
 * other administrator to reset them, or after APP_SECRET changed. The user's row is the caller's to lock first.
 */
export async function resetTwoFactorByOperator(tx: Executor, userId: string): Promise<boolean> {
  if (!(await turnOff(tx, userId))) return false;
  await recordAudit(tx, { action: 'user.two-factor-reset', subjectUserId: userId, details: { via: 'operator' } });
  return true;
}

/** An administrator who wants something done to another user's account. */
type Actor = { userId: string; ip: string | null };

/** Two-factor sign-in (ADR 0043): its setup on the profile, its check at sign-in, the administrators' policy and reset. */
export function createTwoFactorService(app: FastifyInstance) {
  const { db, config } = app;
  const box = createSecretBox(config.appSecret);
  const hashRecoveryCode = recoveryCodeHasher(config.appSecret);

  /** The secret, or null when it cannot be opened (APP_SECRET changed since): an administrator must reset it. */
  function secretOf(sealed: string): string | null {
    try {
      return box.open(sealed, SECRET_PURPOSE);
    } catch {
      return null;
    }
  }

  async function freshRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  async function isRequiredOf(tx: Executor, role: string): Promise<boolean> {
    return role === 'administrator' && (await readPolicy(tx)).requireTwoFactorForAdministrators;
  }

  /**
   * A change of the caller's own two-factor sign-in, in the order every change of an account takes its rows (the
   * user's, then `user_two_factor`, then `user_recovery_codes`; ADR 0038), so that none of them deadlocks another.
   * Given the password just confirmed, it goes on only while that is still the account's: an administrator may have
   * given a temporary password meanwhile.
   */
  function changeOwn<T>(
    caller: AuthContext,
    confirmed: { passwordHash: string } | null,
    work: (tx: Executor, user: UserRow) => Promise<T>,
  ): Promise<T> {
    return retryOnConflict(() =>
      db.transaction(async (tx) => {
        const user = await lockUser(tx, caller.userId);
        if (!user || (confirmed && user.passwordHash !== confirmed.passwordHash)) {
          throw new AppError('ACCESS_TOKEN_INVALID');
        }
        return work(tx, user);
      }),
    );
  }

  /**
   * Checks a code against the account's secret under its lock: an app's code of a step later than the last one
   * accepted, or an unused recovery code, which is spent. Answers how it passed, or null.
   */
  async function pass(tx: Executor, userId: string, typed: string): Promise<SecondFactorMethod | null> {
    const row = await lockTwoFactor(tx, userId);
    if (!row?.enabledAt) return null;
    // Apps show a space in the middle of their digits, and a recovery code may be typed as printed.
    const code = typed.replace(/\s/g, '');
    if (isAppCode(code)) {
      const secret = secretOf(row.secretSealed);
      const step = secret === null ? null : codeStep(secret, code);
      if (step === null || (row.lastUsedStep !== null && step <= row.lastUsedStep)) return null;
      await rememberUsedStep(tx, userId, step);
      return 'app';
    }
    return (await spendRecoveryCode(tx, userId, hashRecoveryCode(code))) ? 'recovery-code' : null;
  }

  return {
    /**
     * The second step of a sign-in whose password was right: the code is checked and spent in a transaction of its
     * own, so that a wrong one is recorded and counted whatever the sign-in does next.
     */
    async passSecondFactor(userId: string, code: string, ip: string): Promise<SecondFactorMethod> {
      const keys = secondFactorThrottleKeys(userId, ip);
      await claimAttempt(db, keys);
      const method = await db.transaction((tx) => pass(tx, userId, code));
      if (!method) {
        await recordAudit(db, { action: 'sign-in.second-factor-failed', subjectUserId: userId, ip });
        throw new AppError('SECOND_FACTOR_INVALID');
      }
      await forgiveAttempt(db, keys);
      return method;
    },

    async status(caller: AuthContext): Promise<TwoFactorStatus> {
      const row = await findTwoFactor(db, caller.userId);
      const enabledAt = row?.enabledAt ?? null;
      return {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabledAt ? await countRecoveryCodesLeft(db, caller.userId) : 0,
        required: await isRequiredOf(db, caller.role),
      };
    },

    /** A new secret for the caller's app; it replaces any setup not yet confirmed. */
    async setup(caller: AuthContext): Promise<TwoFactorSetup> {
      const secret = newSecret();
      const otpauthUri = await changeOwn(caller, null, async (tx, user) => {
        if ((await findTwoFactor(tx, user.id))?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
        await saveSetup(tx, user.id, box.seal(secret, SECRET_PURPOSE));
        return keyUri(secret, config.appName, user.email);
      });
      const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUri, qrCodeSvg };
    },

    /**
     * Confirms the setup with the password and a code of the app; sign-in asks for codes from now on. Answers the
     * recovery codes once. The code is not throttled: the caller made the secret themselves, so a guess finds out
     * nothing; the password is, as every confirmation of it is.
     */
    async enable(caller: AuthContext, confirmation: TwoFactorConfirmation, ip: string): Promise<RecoveryCodes> {
      const confirmed = await confirmPassword(db, caller, confirmation.password, ip);
      const recoveryCodes = await changeOwn(caller, confirmed, async (tx) => {
        const row = await lockTwoFactor(tx, caller.userId);
        if (!row) throw new AppError('TWO_FACTOR_NOT_SET_UP');
        if (row.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
        const secret = secretOf(row.secretSealed);
        if (secret === null) throw new AppError('TWO_FACTOR_NOT_SET_UP');
        const step = codeStep(secret, confirmation.code);
        if (step === null) throw new AppError('TWO_FACTOR_CODE_INCORRECT');
        await markEnabled(tx, caller.userId, step);
        await recordAudit(tx, {
          action: 'two-factor.enabled',
          actorUserId: caller.userId,
          subjectUserId: caller.userId,
          departmentId: caller.departmentId,
          ip,
        });
        return freshRecoveryCodes(tx, caller.userId);
      });
      return { recoveryCodes };
    },

    /** Turns it off after the password is confirmed; refused while the policy requires it of the caller. */
    async disable(caller: AuthContext, password: string, ip: string): Promise<void> {
      const confirmed = await confirmPassword(db, caller, password, ip);
      await changeOwn(caller, confirmed, async (tx) => {
        // A policy turned on meanwhile is no loss: every request checks it, and sends this account to set it up again.
        if (await isRequiredOf(tx, caller.role)) throw new AppError('TWO_FACTOR_REQUIRED');
        if (!(await turnOff(tx, caller.userId))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
        await recordAudit(tx, {
          action: 'two-factor.disabled',
          actorUserId: caller.userId,
          subjectUserId: caller.userId,
          departmentId: caller.departmentId,
          ip,
        });
      });
    },

    /** New recovery codes after the password is confirmed; the old ones stop working. */
    async replaceRecoveryCodes(caller: AuthContext, password: string, ip: string): Promise<RecoveryCodes> {
      const confirmed = await confirmPassword(db, caller, password, ip);
      const recoveryCodes = await changeOwn(caller, confirmed, async (tx) => {
        if (!(await lockTwoFactor(tx, caller.userId))?.enabledAt) throw new AppError('TWO_FACTOR_NOT_ENABLED');
        await recordAudit(tx, {
          action: 'two-factor.recovery-codes-replaced',
          actorUserId: caller.userId,
          subjectUserId: caller.userId,
          departmentId: caller.departmentId,
          ip,
        });
        return freshRecoveryCodes(tx, caller.userId);
      });
      return { recoveryCodes };
    },

    /**
     * An administrator turns another user's two-factor sign-in off (a lost phone and no recovery code left): that
     * user signs in with the password alone, or sets it up again at once if the policy requires it of them.
     */
    async reset(actor: Actor, userId: string): Promise<void> {
      if (userId === actor.userId) throw new AppError('CANNOT_RESET_OWN_TWO_FACTOR');
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          if (!(await lockUser(tx, userId))) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
          if (!(await turnOff(tx, userId))) return;
          await recordAudit(tx, {
            action: 'user.two-factor-reset',
            actorUserId: actor.userId,
            subjectUserId: userId,
            ip: actor.ip,
          });
        }),
      );
    },

    policy: (): Promise<SecurityPolicy> => readPolicy(db),

    /** Requiring two-factor sign-in of administrators starts with the administrator who asks for it having it on. */
    async changePolicy(actor: Actor, policy: SecurityPolicy): Promise<SecurityPolicy> {
      return db.transaction(async (tx) => {
        const before = await readPolicy(tx, true);
        if (policy.requireTwoFactorForAdministrators && !(await findTwoFactor(tx, actor.userId))?.enabledAt) {
          throw new AppError('TWO_FACTOR_NOT_ENABLED', {
            detail: 'Turn on two-factor sign-in for your own account before requiring it of administrators.',
          });
        }
        if (before.requireTwoFactorForAdministrators !== policy.requireTwoFactorForAdministrators) {
          await savePolicy(tx, policy);
          await recordAudit(tx, {
            action: 'security-policy.changed',
            actorUserId: actor.userId,
            ip: actor.ip,
            details: { before, after: policy },
          });
        }
        return policy;
      });
    },
  };
}
