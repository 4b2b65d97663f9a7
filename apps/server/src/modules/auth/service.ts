import { randomUUID } from 'node:crypto';
import type {
  DepartmentSwitchResponse,
  LoginRequest,
  LoginResponse,
  RefreshResponse,
  SignedInUser,
} from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { claimAttempt, forgiveAttempt, throttleKeys } from '../credentials/sign-in-throttle.js';
import {
  findRefreshToken,
  findRefreshTokenForUpdate,
  findSessionExpiry,
  isLiveToken,
  issueRefreshToken,
  revokeFamily,
  rotateFamily,
} from '../sessions/repository.js';
import { hasTwoFactor, isTwoFactorSetupDue } from '../two-factor/repository.js';
import { createTwoFactorService, type SecondFactorMethod } from '../two-factor/service.js';
import {
  chooseDepartment,
  findUserByEmail,
  findUserById,
  findUserForSession,
  listMemberships,
  loadUserView,
  rememberLastDepartment,
  type UserRow,
} from '../users/repository.js';

type Session = { familyId: string; familyExpiresAt: Date };
type TokenPair = { accessToken: string; refreshToken: string };

/** Who asks: the address, and the browser that names the session on the Security tab. */
export type Client = { ip: string; userAgent: string | null };

/** Enough of a User-Agent to tell browsers apart; anything longer is cut, so a client cannot fill the table. */
const USER_AGENT_MAX_LENGTH = 512;

/** The User-Agent header as a session keeps it: trimmed, bounded, null when missing or blank. */
export function sessionUserAgent(header: string | undefined): string | null {
  const trimmed = header?.trim().slice(0, USER_AGENT_MAX_LENGTH).trim();
  return trimmed ? trimmed : null;
}

/** What the sealed pair of a rotated refresh token is bound to (lib/secret-box.ts). */
const SUCCESSOR_PAIR_PURPOSE = 'refresh_tokens.successor_pair_sealed';

/** The user of PRODUCT.md §7 with the language and theme saved to their account, applied at every sign-in. */
export async function signedInUserView(
  db: Executor,
  user: UserRow,
  departmentId: string | null,
): Promise<SignedInUser> {
  return {
    ...(await loadUserView(db, user, departmentId)),
    locale: user.locale,
    theme: user.theme,
    mustChangePassword: user.mustChangePassword,
    mustSetUpTwoFactor: await isTwoFactorSetupDue(db, user.id),
  };
}

/** What a session must do before anything else, as a refresh tells the client. */
async function sessionDuties(db: Executor, user: UserRow) {
  return { mustChangePassword: user.mustChangePassword, mustSetUpTwoFactor: await isTwoFactorSetupDue(db, user.id) };
}

/** Sign-in, token refresh with rotation and reuse detection, department switch and sign-out. */
export function createAuthService(app: FastifyInstance) {
  const { db, config, accessTokens } = app;
  const box = createSecretBox(config.appSecret);
  const twoFactor = createTwoFactorService(app);

  async function issueTokens(
    tx: Executor,
    user: UserRow,
    departmentId: string | null,
    session: Session,
    client: Client,
  ): Promise<TokenPair> {
    const refreshToken = await issueRefreshToken(tx, {
      ...session,
      userId: user.id,
      departmentId,
      idleTtlSeconds: config.refreshTokenIdleTtlSeconds,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    const accessToken = await accessTokens.sign({
      userId: user.id,
      role: user.role,
      departmentId,
      tokenVersion: user.tokenVersion,
      sessionId: session.familyId,
    });
    const pair: TokenPair = { accessToken, refreshToken: refreshToken.token };
    // The tokens the session held so far become used ones that remember this pair.
    await rotateFamily(tx, session.familyId, {
      id: refreshToken.id,
      pairSealed: box.seal(JSON.stringify(pair), SUCCESSOR_PAIR_PURPOSE),
    });
    return pair;
  }

  /** The pair a rotation answered, or null when it cannot be opened (APP_SECRET changed since). */
  function sealedPair(sealed: string | null): TokenPair | null {
    if (!sealed) return null;
    try {
      return JSON.parse(box.open(sealed, SUCCESSOR_PAIR_PURPOSE)) as TokenPair;
    } catch {
      return null;
    }
  }

  async function rememberDepartment(tx: Executor, user: UserRow, departmentId: string | null) {
    if (user.lastDepartmentId !== departmentId) {
      await rememberLastDepartment(tx, user.id, departmentId);
    }
  }

  return {
    async signIn(credentials: LoginRequest, client: Client): Promise<LoginResponse> {
      const { ip } = client;
      const keys = throttleKeys(credentials.email, ip);
      await claimAttempt(db, keys);
      const user = await findUserByEmail(db, credentials.email);
      const passwordMatches = await verifyPassword(user?.passwordHash, credentials.password);
      if (!user || !passwordMatches || user.status !== 'active') {
        // Written for unknown e-mails too, so both paths cost the same and timing reveals nothing.
        await recordAudit(db, { action: 'sign-in.failed', subjectUserId: user?.id ?? null, ip });
        throw new AppError('INVALID_CREDENTIALS');
      }
      await forgiveAttempt(db, keys);
      // Past the password, an account with two-factor sign-in asks for the code; the client sends both again.
      let secondFactor: SecondFactorMethod | undefined;
      if (await hasTwoFactor(db, user.id)) {
        if (credentials.code === undefined) throw new AppError('SECOND_FACTOR_REQUIRED');
        secondFactor = await twoFactor.passSecondFactor(user.id, credentials.code, ip);
      }
      return db.transaction(async (tx) => {
        const departmentId = chooseDepartment(await listMemberships(tx, user.id), user.lastDepartmentId);
        const session = {
          familyId: randomUUID(),
          familyExpiresAt: new Date(Date.now() + config.refreshTokenAbsoluteTtlSeconds * 1000),
        };
        const tokens = await issueTokens(tx, user, departmentId, session, client);
        await rememberDepartment(tx, user, departmentId);
        await recordAudit(tx, {
          action: 'sign-in',
          actorUserId: user.id,
          subjectUserId: user.id,
          departmentId,
          ip,
          details: secondFactor ? { secondFactor } : {},
        });
        return { ...tokens, user: await signedInUserView(tx, user, departmentId) };
      });
    },

    async refresh(refreshToken: string, client: Client): Promise<RefreshResponse> {
      const { ip } = client;
      // Decided inside the transaction, thrown after it: a detected reuse must commit its revocation.
      const outcome = await db.transaction(async (tx): Promise<RefreshResponse | null> => {
        // The user's row before the token's, in the order a password change or deactivation takes them: the pair
        // issued here is then either revoked with the user's other sessions or refused after them.
        const owner = (await findRefreshToken(tx, refreshToken))?.userId;
        const user = owner === undefined ? undefined : await findUserForSession(tx, owner);
        const token = await findRefreshTokenForUpdate(tx, refreshToken);
        const now = Date.now();
        if (!token || token.revokedAt || token.expiresAt.getTime() <= now || token.familyExpiresAt.getTime() <= now) {
          return null;
        }
        if (user?.status !== 'active') {
          await revokeFamily(tx, token.familyId);
          return null;
        }
        if (token.rotatedAt) {
          // A request racing the one that rotated this token (the client's refreshes of one tab, or two tabs
          // of one session) is answered with the very pair that rotation issued, within the grace window
          // and only while that pair's refresh token is still the live one. Anything older is a replay.
          const withinGrace = now - token.rotatedAt.getTime() <= config.refreshTokenReuseGraceSeconds * 1000;
          const pair = sealedPair(token.successorPairSealed);
          if (withinGrace && pair && token.successorId && (await isLiveToken(tx, token.successorId))) {
            return { ...pair, ...(await sessionDuties(tx, user)) };
          }
          await revokeFamily(tx, token.familyId);
          await recordAudit(tx, {
            action: 'session.reuse-detected',
            subjectUserId: token.userId,
            ip,
            details: { sessionId: token.familyId },
          });
          return null;
        }
        const departmentId = chooseDepartment(await listMemberships(tx, user.id), token.departmentId);
        // The session keeps naming the browser it signed in from; the address is where it refreshes from now.
        const tokens = await issueTokens(
          tx,
          user,
          departmentId,
          { familyId: token.familyId, familyExpiresAt: token.familyExpiresAt },
          { ip, userAgent: token.userAgent ?? client.userAgent },
        );
        return { ...tokens, ...(await sessionDuties(tx, user)) };
      });
      if (!outcome) throw new AppError('REFRESH_TOKEN_INVALID');
      return outcome;
    },

    async switchDepartment(
      caller: AuthContext,
      newDepartment: string,
      client: Client,
    ): Promise<DepartmentSwitchResponse> {
      const { ip } = client;
      return db.transaction(async (tx) => {
        // As a refresh: the new pair is revoked with the user's other sessions or refused after them.
        const user = await findUserForSession(tx, caller.userId);
        if (!user) throw new AppError('ACCESS_TOKEN_INVALID');
        const memberships = await listMemberships(tx, user.id);
        if (!memberships.some((department) => department.id === newDepartment)) {
          throw new AppError('NOT_A_DEPARTMENT_MEMBER');
        }
        const current = await findSessionExpiry(tx, caller.sessionId);
        if (!current) throw new AppError('REFRESH_TOKEN_INVALID');
        // The session continues with a new pair; the refresh token held so far becomes a used one.
        const tokens = await issueTokens(
          tx,
          user,
          newDepartment,
          { familyId: caller.sessionId, familyExpiresAt: current.familyExpiresAt },
          { ip, userAgent: current.userAgent ?? client.userAgent },
        );
        await rememberDepartment(tx, user, newDepartment);
        await recordAudit(tx, {
          action: 'department.switch',
          actorUserId: user.id,
          subjectUserId: user.id,
          departmentId: newDepartment,
          ip,
          details: { from: caller.departmentId },
        });
        return { ...tokens, user: await signedInUserView(tx, user, newDepartment) };
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
      return signedInUserView(db, user, caller.departmentId);
    },
  };
}
