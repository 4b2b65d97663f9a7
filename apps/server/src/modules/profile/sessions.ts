import type { AccountSessionList, OtherSessionsSignedOut } from '@cm/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { listLiveSessions, revokeOtherSessions, revokeUserSession } from '../sessions/repository.js';
import { lockAccount } from './repository.js';
import { sessionDevice } from './session-devices.js';

/**
 * A person's own sessions (the Security tab of the profile): where they are signed in, and ending any of them. An
 * ended session's refresh token is revoked, and its access tokens fail on their next request, as every request checks
 * that its session is live (ADR 0003, 0038).
 */
export function accountSessions(db: Database) {
  return {
    async list(caller: AuthContext): Promise<AccountSessionList> {
      const sessions = await listLiveSessions(db, caller.userId);
      const items = sessions
        .map((session) => ({
          id: session.familyId,
          ...sessionDevice(session.userAgent),
          ip: session.ip,
          signedInAt: session.signedInAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          current: session.familyId === caller.sessionId,
        }))
        .sort(
          (a, b) =>
            Number(b.current) - Number(a.current) ||
            b.lastUsedAt.localeCompare(a.lastUsedAt) ||
            a.id.localeCompare(b.id),
        );
      return { items };
    },

    /** Ends one of the caller's sessions; NOT_FOUND for one that is not theirs or no longer live. */
    async signOut(caller: AuthContext, sessionId: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        // A refresh or a department switch key-share locks the account while it issues the family's next token:
        // waiting for it here means the token it issues is revoked with the rest, not left live after the 204.
        await lockAccount(tx, caller.userId);
        if (!(await revokeUserSession(tx, caller.userId, sessionId))) {
          throw new AppError('NOT_FOUND', { detail: 'You have no live session with this id.' });
        }
        await recordAudit(tx, {
          action: 'session.signed-out',
          actorUserId: caller.userId,
          subjectUserId: caller.userId,
          departmentId: caller.departmentId,
          ip,
          details: { sessionId },
        });
      });
    },

    /** Ends every session of the caller but the one asking. */
    async signOutOthers(caller: AuthContext, ip: string): Promise<OtherSessionsSignedOut> {
      return db.transaction(async (tx) => {
        await lockAccount(tx, caller.userId);
        const count = await revokeOtherSessions(tx, caller.userId, caller.sessionId);
        if (count > 0) {
          await recordAudit(tx, {
            action: 'session.others-signed-out',
            actorUserId: caller.userId,
            subjectUserId: caller.userId,
            departmentId: caller.departmentId,
            ip,
            details: { count },
          });
        }
        return { count };
      });
    },
  };
}
