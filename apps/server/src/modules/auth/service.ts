import { randomUUID } from 'node:crypto';
import type { DepartmentSwitchResponse, LoginRequest, LoginResponse, RefreshResponse } from '@cm/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/repository.js';
import {
  chooseDepartment,
  findUserByEmail,
  findUserById,
  listMemberships,
  loadUserView,
  type UserRow,
} from '../users/repository.js';
import {
  findRefreshToken,
  findRefreshTokenForUpdate,
  issueRefreshToken,
  revokeFamily,
  rotateFamily,
} from './refresh-tokens.js';
import { assertNotLocked, clearFailures, recordFailure, throttleKeys } from './sign-in-throttle.js';

type Session = { familyId: string; familyExpiresAt: Date };

/** Sign-in, token refresh with rotation and reuse detection, department switch and sign-out. */
export function createAuthService(app: FastifyInstance) {
  const { db, config, accessTokens } = app;

  async function issueTokens(tx: Executor, user: UserRow, departmentId: string | null, session: Session) {
    const refreshToken = await issueRefreshToken(tx, {
      ...session,
      userId: user.id,
      departmentId,
      idleTtlSeconds: config.refreshTokenIdleTtlSeconds,
    });
    const accessToken = await accessTokens.sign({
      userId: user.id,
      role: user.role,
      departmentId,
      tokenVersion: user.tokenVersion,
      sessionId: session.familyId,
    });
    return { accessToken, refreshToken };
  }

  async function rememberDepartment(tx: Executor, user: UserRow, departmentId: string | null) {
    if (user.lastDepartmentId !== departmentId) {
      await tx.update(users).set({ lastDepartmentId: departmentId }).where(eq(users.id, user.id));
    }
  }

  return {
    async signIn(credentials: LoginRequest, ip: string): Promise<LoginResponse> {
      const keys = throttleKeys(credentials.email, ip);
      await assertNotLocked(db, keys);
      const user = await findUserByEmail(db, credentials.email);
      const passwordMatches = await verifyPassword(user?.passwordHash, credentials.password);
      if (!user || !passwordMatches || user.status !== 'active') {
        await recordFailure(db, keys);
        // Written for unknown e-mails too, so both paths cost the same and timing reveals nothing.
        await recordAudit(db, { action: 'sign-in.failed', subjectUserId: user?.id ?? null, ip });
        throw new AppError('INVALID_CREDENTIALS');
      }
      await clearFailures(db, keys);
      return db.transaction(async (tx) => {
        const departmentId = chooseDepartment(await listMemberships(tx, user.id), user.lastDepartmentId);
        const session = {
          familyId: randomUUID(),
          familyExpiresAt: new Date(Date.now() + config.refreshTokenAbsoluteTtlSeconds * 1000),
        };
        const tokens = await issueTokens(tx, user, departmentId, session);
        await rememberDepartment(tx, user, departmentId);
        await recordAudit(tx, { action: 'sign-in', actorUserId: user.id, subjectUserId: user.id, departmentId, ip });
        return { ...tokens, user: await loadUserView(tx, user, departmentId) };
      });
    },

    async refresh(refreshToken: string, ip: string): Promise<RefreshResponse> {
      // Decided inside the transaction, thrown after it: a detected reuse must commit its revocation.
      const outcome = await db.transaction(async (tx) => {
        const token = await findRefreshTokenForUpdate(tx, refreshToken);
        const now = Date.now();
        if (!token || token.revokedAt || token.expiresAt.getTime() <= now || token.familyExpiresAt.getTime() <= now) {
          return { refused: true as const };
        }
        if (token.rotatedAt && now - token.rotatedAt.getTime() > config.refreshTokenReuseGraceSeconds * 1000) {
          await revokeFamily(tx, token.familyId);
          await recordAudit(tx, {
            action: 'session.reuse-detected',
            subjectUserId: token.userId,
            ip,
            details: { sessionId: token.familyId },
          });
          return { refused: true as const };
        }
        const user = await findUserById(tx, token.userId);
        if (user?.status !== 'active') {
          await revokeFamily(tx, token.familyId);
          return { refused: true as const };
        }
        // Within the grace window a token already rotated by a parallel request (another tab) gets a
        // sibling instead of tripping reuse detection. The window counts from the first rotation, so
        // presenting the token again and again cannot keep it open.
        if (!token.rotatedAt) {
          await tx
            .update(refreshTokens)
            .set({ rotatedAt: new Date(now) })
            .where(eq(refreshTokens.id, token.id));
        }
        const departmentId = chooseDepartment(await listMemberships(tx, user.id), token.departmentId);
        return {
          refused: false as const,
          tokens: await issueTokens(tx, user, departmentId, {
            familyId: token.familyId,
            familyExpiresAt: token.familyExpiresAt,
          }),
        };
      });
      if (outcome.refused) throw new AppError('REFRESH_TOKEN_INVALID');
      return outcome.tokens;
    },

    async switchDepartment(caller: AuthContext, newDepartment: string, ip: string): Promise<DepartmentSwitchResponse> {
      return db.transaction(async (tx) => {
        const user = await findUserById(tx, caller.userId);
        if (!user) throw new AppError('ACCESS_TOKEN_INVALID');
        const memberships = await listMemberships(tx, user.id);
        if (!memberships.some((department) => department.id === newDepartment)) {
          throw new AppError('NOT_A_DEPARTMENT_MEMBER');
        }
        const [current] = await tx
          .select({ familyExpiresAt: refreshTokens.familyExpiresAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.familyId, caller.sessionId))
          .limit(1);
        if (!current) throw new AppError('REFRESH_TOKEN_INVALID');
        // The session continues with a new pair; the refresh token held so far becomes a used one.
        await rotateFamily(tx, caller.sessionId);
        const tokens = await issueTokens(tx, user, newDepartment, {
          familyId: caller.sessionId,
          familyExpiresAt: current.familyExpiresAt,
        });
        await rememberDepartment(tx, user, newDepartment);
        await recordAudit(tx, {
          action: 'department.switch',
          actorUserId: user.id,
          subjectUserId: user.id,
          departmentId: newDepartment,
          ip,
          details: { from: caller.departmentId },
        });
        return { ...tokens, user: await loadUserView(tx, user, newDepartment) };
      });
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored so logout always succeeds. */
    async signOut(refreshToken: string, ip: string): Promise<void> {
      const token = await findRefreshToken(db, refreshToken);
      if (!token) return;
      await db.transaction(async (tx) => {
        await revokeFamily(tx, token.familyId);
        await recordAudit(tx, { action: 'sign-out', actorUserId: token.userId, subjectUserId: token.userId, ip });
      });
    },

    async currentUser(caller: AuthContext) {
      const user = await findUserById(db, caller.userId);
      if (!user) throw new AppError('ACCESS_TOKEN_INVALID');
      return loadUserView(db, user, caller.departmentId);
    },
  };
}
