import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
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
    /** The browser the session runs in, to name it on the Security tab. */
    userAgent: string | null;
    /** Where the token is issued to. */
    ip: string | null;
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
      userAgent: session.userAgent,
      ip: session.ip,
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

/**
 * When the session (token family) ends whatever its tokens do, and the browser it runs in; undefined for an unknown
 * or ended (revoked) session.
 */
export async function findSessionExpiry(
  db: Executor,
  familyId: string,
): Promise<Pick<RefreshTokenRow, 'familyExpiresAt' | 'userAgent'> | undefined> {
  const [row] = await db
    .select({ familyExpiresAt: refreshTokens.familyExpiresAt, userAgent: refreshTokens.userAgent })
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

/** A live session of a user as its tokens tell it: one row per family. */
export type LiveSession = {
  familyId: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
};

type LiveSessionRow = {
  family_id: string;
  user_agent: string | null;
  ip: string | null;
  signed_in_at: Date | string;
  last_used_at: Date | string;
};

/**
 * The user's sessions that can still be used: not signed out, within their absolute lifetime, and with a token whose
 * idle expiry has not passed. The newest token of a family carries its latest address.
 */
export async function listLiveSessions(db: Executor, userId: string): Promise<LiveSession[]> {
  const rows = await queryRows<LiveSessionRow>(
    db,
    sql`select distinct on (family_id)
               family_id, user_agent, ip,
               min(created_at) over (partition by family_id) as signed_in_at,
               created_at as last_used_at
        from ${refreshTokens}
        where user_id = ${userId}::uuid and revoked_at is null and family_expires_at > now()
          and family_id in (select family_id from ${refreshTokens}
                            where user_id = ${userId}::uuid and revoked_at is null and expires_at > now())
        order by family_id, created_at desc, id`,
  );
  return rows.map((row) => ({
    familyId: row.family_id,
    userAgent: row.user_agent,
    ip: row.ip,
    signedInAt: new Date(row.signed_in_at),
    lastUsedAt: new Date(row.last_used_at),
  }));
}

/** Ends one session of a user; false when the user has no such live session (unknown, another's, ended already). */
export async function revokeUserSession(db: Executor, userId: string, familyId: string): Promise<boolean> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.familyExpiresAt} > now()`,
      ),
    )
    .returning({ id: refreshTokens.id });
  return ended.length > 0;
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
