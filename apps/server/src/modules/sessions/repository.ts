import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Only the hash is stored: a leaked database copy yields no usable token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Adds a new token to a session family and returns the token itself (shown to the client once) and its id. */
export async function issueRefreshToken(
  db: Executor,
  session: {
    familyId: string;
    userId: string;
    departmentId: string | null;
    familyExpiresAt: Date;
    idleTtlSeconds: number;
  },
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const idleExpiry = new Date(Date.now() + session.idleTtlSeconds * 1000);
  const [row] = await db
    .insert(refreshTokens)
    .values({
      familyId: session.familyId,
      userId: session.userId,
      departmentId: session.departmentId,
      tokenHash: hashRefreshToken(token),
      expiresAt: idleExpiry < session.familyExpiresAt ? idleExpiry : session.familyExpiresAt,
      familyExpiresAt: session.familyExpiresAt,
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('the refresh token just stored cannot be read back');
  return { token, id: row.id };
}

/** Locks the token row so that concurrent refreshes with one token are decided one after the other. */
export async function findRefreshTokenForUpdate(db: Executor, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .for('update');
  return row;
}

export async function findRefreshToken(db: Executor, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return row;
}

/** When the session (token family) ends whatever its tokens do; undefined for an unknown or ended (revoked) session. */
export async function findSessionExpiry(
  db: Executor,
  familyId: string,
): Promise<Pick<RefreshTokenRow, 'familyExpiresAt'> | undefined> {
  const [row] = await db
    .select({ familyExpiresAt: refreshTokens.familyExpiresAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row;
}

/**
 * Marks the family's live tokens as used by the rotation that issued `successor`, keeping the pair that
 * rotation answered (sealed) so that a repeat within the grace window gets the same pair.
 */
export async function rotateFamily(
  db: Executor,
  familyId: string,
  successor: { id: string; pairSealed: string },
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()`, successorId: successor.id, successorPairSealed: successor.pairSealed })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        sql`${refreshTokens.id} <> ${successor.id}`,
      ),
    );
}

/** Whether a token is its family's live one: neither rotated nor revoked. */
export async function isLiveToken(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)));
  return row !== undefined;
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, e.g. after an operator set a new password. */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user but one (theirs, after they changed their password) and returns how many
 * ended. Their access tokens die with them: every request checks that its session is still live.
 */
export async function revokeOtherSessions(db: Executor, userId: string, keepFamilyId: string): Promise<number> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepFamilyId)),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(ended.map((row) => row.familyId)).size;
}

/**
 * Drops tokens whose family can no longer be used, a day after the fact, and forgets the sealed pairs whose
 * grace window has passed: they can no longer be answered, so a database copy should not carry them.
 */
export async function pruneRefreshTokens(db: Executor, reuseGraceSeconds: number): Promise<void> {
  await db.delete(refreshTokens).where(
    sql`${refreshTokens.familyExpiresAt} < now() - interval '1 day'
        or ${refreshTokens.revokedAt} < now() - interval '1 day'
        or ${refreshTokens.expiresAt} < now() - interval '1 day'`,
  );
  await db
    .update(refreshTokens)
    .set({ successorPairSealed: null })
    .where(
      sql`${refreshTokens.successorPairSealed} is not null
          and ${refreshTokens.rotatedAt} < now() - make_interval(secs => ${reuseGraceSeconds})`,
    );
}
