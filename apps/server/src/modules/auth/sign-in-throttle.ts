import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { signInThrottle } from '../../db/schema/index.js';
import { AppError } from '../../plugins/errors.js';

/**
 * Failed sign-in limits (ADR 0004). The account lock is keyed by account *and* address: someone guessing
 * a colleague's password from their own machine locks only themselves out, never the colleague. A
 * separate, higher limit per address slows down guessing across many accounts. Attempts during a lock are
 * refused without being counted, and a lock never lasts longer than MAX_LOCK_SECONDS.
 */
const POLICY = {
  account: { failuresBeforeLock: 5 },
  ip: { failuresBeforeLock: 30 },
};
const FIRST_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
/** Failures older than this no longer count. */
const FAILURE_WINDOW_SECONDS = 15 * 60;

export type ThrottleKeys = { account: string; ip: string };

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email.trim().toLowerCase()}|${ip}`, ip: `ip:${ip}` };
}

/** Refuses with 429 and Retry-After while any of the keys is locked. */
export async function assertNotLocked(db: Executor, keys: ThrottleKeys): Promise<void> {
  const [row] = await db
    .select({
      retryAfter: sql<number>`ceil(extract(epoch from max(${signInThrottle.lockedUntil}) - now()))::int`,
    })
    .from(signInThrottle)
    .where(sql`${inArray(signInThrottle.key, [keys.account, keys.ip])} and ${signInThrottle.lockedUntil} > now()`);
  if (row?.retryAfter && row.retryAfter > 0) {
    throw new AppError('TOO_MANY_SIGN_IN_ATTEMPTS', { retryAfterSeconds: row.retryAfter });
  }
}

export async function recordFailure(db: Executor, keys: ThrottleKeys): Promise<void> {
  await bumpFailures(db, keys.account, POLICY.account.failuresBeforeLock);
  await bumpFailures(db, keys.ip, POLICY.ip.failuresBeforeLock);
}

/** A successful sign-in forgives the account's failures from that address. */
export async function clearFailures(db: Executor, keys: ThrottleKeys): Promise<void> {
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, [keys.account]));
}

/** Forgets counters nobody has touched for a day. */
export async function pruneThrottle(db: Executor): Promise<void> {
  await db.delete(signInThrottle).where(sql`${signInThrottle.lastFailureAt} < now() - interval '1 day'`);
}

async function bumpFailures(db: Executor, key: string, failuresBeforeLock: number): Promise<void> {
  // One statement, so concurrent failures cannot lose a count. The lock doubles with each failure past the
  // threshold: 30 s, 60 s, 120 s … up to the cap.
  const failures = sql`case when ${signInThrottle.lastFailureAt} < now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS})
    then 1 else ${signInThrottle.failures} + 1 end`;
  await db
    .insert(signInThrottle)
    .values({ key, failures: 1, lastFailureAt: sql`now()`, lockedUntil: failuresBeforeLock <= 1 ? sql`now()` : null })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures,
        lastFailureAt: sql`now()`,
        lockedUntil: sql`case when ${failures} >= ${failuresBeforeLock}
          then now() + make_interval(secs => least(${MAX_LOCK_SECONDS},
            ${FIRST_LOCK_SECONDS} * power(2, least(${failures} - ${failuresBeforeLock}, 20))))
          else ${signInThrottle.lockedUntil} end`,
      },
    });
}
