import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { signInThrottle } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Failed sign-in limits (ADR 0004). The account lock is keyed by account *and* address: someone guessing
 * a colleague's password from their own machine locks only themselves out, never the colleague. A
 * separate, higher limit per address slows down guessing across many accounts. Attempts during a lock are
 * refused without being counted, and a lock never lasts longer than its limits' `maxLockSeconds`. Every attempt counts
 * as a failure until it succeeds, so concurrent attempts cannot all pass the check before any is counted.
 */
type Limits = {
  failuresBeforeLock: number;
  /** The longest a lock lasts. */
  maxLockSeconds: number;
  /** Failures older than this no longer count. */
  failureWindowSeconds: number;
};
const PASSWORD_LIMITS: Limits = { failuresBeforeLock: 5, maxLockSeconds: 15 * 60, failureWindowSeconds: 15 * 60 };
const POLICY = {
  account: PASSWORD_LIMITS,
  ip: { ...PASSWORD_LIMITS, failuresBeforeLock: 30 },
};
/**
 * Two-factor codes (ADR 0043): whoever is asked for one already has the password, and a code is one in a million, so
 * failures count for a day and a lock grows to an hour; a password's failures are forgotten once its lock has passed.
 */
export const SECOND_FACTOR_LIMITS: Limits = {
  failuresBeforeLock: 5,
  maxLockSeconds: 60 * 60,
  failureWindowSeconds: 24 * 60 * 60,
};
const FIRST_LOCK_SECONDS = 30;

/** The counters an attempt is counted under; `accountLimits` replaces the password's limits of the first. */
export type ThrottleKeys = { account: string; ip: string; accountLimits?: Limits };

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email.trim().toLowerCase()}|${ip}`, ip: `ip:${ip}` };
}

/**
 * Counts a sign-in attempt as a failure *before* its password is checked, or refuses it with 429 and
 * Retry-After while either key is locked (uncounted). The keys' rows are locked for the decision, so
 * concurrent attempts are counted one after another: of 40 wrong passwords sent at once for one account,
 * 5 are checked. The attempt that reaches a limit sets the lock itself; a successful one is forgiven
 * afterwards (`forgiveAttempt`).
 */
export async function claimAttempt(db: Database, keys: ThrottleKeys): Promise<void> {
  const limits = [
    { key: keys.account, ...(keys.accountLimits ?? POLICY.account) },
    { key: keys.ip, ...POLICY.ip },
  ].sort((a, b) => a.key.localeCompare(b.key)); // one lock order for every attempt: no deadlocks
  await db.transaction(async (tx) => {
    await tx
      .insert(signInThrottle)
      .values(limits.map(({ key }) => ({ key, failures: 0, lastFailureAt: sql`now()` })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: signInThrottle.key,
        retryAfter: sql<number>`ceil(extract(epoch from ${signInThrottle.lockedUntil} - now()))::int`,
      })
      .from(signInThrottle)
      .where(
        inArray(
          signInThrottle.key,
          limits.map(({ key }) => key),
        ),
      )
      .orderBy(signInThrottle.key)
      .for('update');
    const retryAfter = Math.max(0, ...rows.map((row) => row.retryAfter ?? 0));
    if (retryAfter > 0) throw new AppError('TOO_MANY_SIGN_IN_ATTEMPTS', { retryAfterSeconds: retryAfter });
    for (const { key, ...keyLimits } of limits) await countFailure(tx, key, keyLimits);
  });
}

/** A successful sign-in takes back its attempt: the account's failures from that address are forgiven. */
export async function forgiveAttempt(db: Executor, keys: ThrottleKeys): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, keys.account));
  await db
    .update(signInThrottle)
    .set({
      failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${signInThrottle.failures} - 1 < ${POLICY.ip.failuresBeforeLock}
        then null else ${signInThrottle.lockedUntil} end`,
    })
    .where(eq(signInThrottle.key, keys.ip));
}

/** Forgets counters nobody has touched for a day. */
export async function pruneThrottle(db: Executor): Promise<void> {
  await db.delete(signInThrottle).where(sql`${signInThrottle.lastFailureAt} < now() - interval '1 day'`);
}

/** One more failure on a locked row. The lock doubles with each failure past the limit: 30 s, 60 s … up to the cap. */
async function countFailure(tx: Executor, key: string, limits: Limits): Promise<void> {
  const failures = sql`case when ${signInThrottle.lastFailureAt} < now() - make_interval(secs => ${limits.failureWindowSeconds})
    then 1 else ${signInThrottle.failures} + 1 end`;
  await tx
    .update(signInThrottle)
    .set({
      failures,
      lastFailureAt: sql`now()`,
      lockedUntil: sql`case when ${failures} >= ${limits.failuresBeforeLock}
        then now() + make_interval(secs => least(${limits.maxLockSeconds},
          ${FIRST_LOCK_SECONDS} * power(2, least(${failures} - ${limits.failuresBeforeLock}, 20))))
        else null end`,
    })
    .where(eq(signInThrottle.key, key));
}
