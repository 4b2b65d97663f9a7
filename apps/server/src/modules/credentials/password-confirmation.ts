import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { claimAttempt, forgiveAttempt, type ThrottleKeys } from './sign-in-throttle.js';

/**
 * Guesses at the current password are throttled like sign-in attempts (ADR 0004), under keys of their own: a
 * stolen session must not become a way around the sign-in limits, and a mistyped password here locks nobody out
 * of signing in.
 */
function passwordThrottleKeys(userId: string, ip: string): ThrottleKeys {
  return { account: `password-change:${userId}|${ip}`, ip: `password-change-ip:${ip}` };
}

/**
 * The signed-in person's password, asked again before a change of their account's security (a new password,
 * two-factor sign-in turned off): 422 CURRENT_PASSWORD_INCORRECT when wrong, recorded as `failedAction` when one is
 * given. Answers the hash it checked, for the caller to re-check under the account's lock.
 */
export async function confirmPassword(
  db: Database,
  caller: AuthContext,
  password: string,
  ip: string,
  failedAction?: string,
): Promise<{ id: string; passwordHash: string }> {
  const keys = passwordThrottleKeys(caller.userId, ip);
  await claimAttempt(db, keys);
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!account) throw new AppError('ACCESS_TOKEN_INVALID');
  if (!(await verifyPassword(account.passwordHash, password))) {
    if (failedAction) {
      await recordAudit(db, {
        action: failedAction,
        actorUserId: account.id,
        subjectUserId: account.id,
        departmentId: caller.departmentId,
        ip,
      });
    }
    throw new AppError('CURRENT_PASSWORD_INCORRECT');
  }
  await forgiveAttempt(db, keys);
  return account;
}
