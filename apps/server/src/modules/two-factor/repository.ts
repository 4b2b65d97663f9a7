import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { securityPolicy, twoFactorSetupDue, userRecoveryCodes, users, userTwoFactor } from '../../db/schema/index.js';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** Whether sign-in asks this user for a code. */
export async function hasTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  return row !== undefined;
}

/** The row under lock: codes checked against it are accepted one at a time, so none is accepted twice. */
export async function lockTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).for('update');
  return row;
}

/** Replaces any setup not yet confirmed with a new secret; never called once two-factor sign-in is on. */
export async function saveSetup(db: Executor, userId: string, secretSealed: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, enabledAt: null, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTwoFactor.enabledAt),
    });
}

export async function markEnabled(db: Executor, userId: string, step: number): Promise<void> {
  await db
    .update(userTwoFactor)
    .set({ enabledAt: sql`now()`, lastUsedStep: step })
    .where(eq(userTwoFactor.userId, userId));
}

export async function rememberUsedStep(db: Executor, userId: string, step: number): Promise<void> {
  await db.update(userTwoFactor).set({ lastUsedStep: step }).where(eq(userTwoFactor.userId, userId));
}

/** Turns two-factor sign-in off: the secret and every recovery code go. Answers whether it was on. */
export async function removeTwoFactor(db: Executor, userId: string): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const removed = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ enabledAt: userTwoFactor.enabledAt });
  return removed.some((row) => row.enabledAt !== null);
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; answers false for a wrong or spent one. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: userRecoveryCodes.userId });
  return spent.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}

export type SecurityPolicyRow = { requireTwoFactorForAdministrators: boolean };

const DEFAULT_POLICY: SecurityPolicyRow = { requireTwoFactorForAdministrators: false };

/** The policy; `forUpdate` locks its row for a change (the row is made first if no one has saved it yet). */
export async function readPolicy(db: Executor, forUpdate = false): Promise<SecurityPolicyRow> {
  if (forUpdate) await db.insert(securityPolicy).values({ id: 1 }).onConflictDoNothing();
  const query = db
    .select({ requireTwoFactorForAdministrators: securityPolicy.requireTwoFactorForAdministrators })
    .from(securityPolicy)
    .where(eq(securityPolicy.id, 1));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? DEFAULT_POLICY;
}

export async function savePolicy(db: Executor, policy: SecurityPolicyRow): Promise<void> {
  await db
    .update(securityPolicy)
    .set({ ...policy, updatedAt: sql`now()` })
    .where(eq(securityPolicy.id, 1));
}

/** Whether the user must turn on two-factor sign-in before anything else (db/schema/two-factor.ts). */
export async function isTwoFactorSetupDue(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ due: twoFactorSetupDue(users.id, users.role) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.due ?? false;
}
