import {
  type ColleagueList,
  type PasswordChange,
  type ProfileChange,
  type SignedInUser,
  SOCIAL_NETWORKS,
  type SocialProfiles,
  type SocialProfilesChange,
  socialProfilesOf,
} from '@cm/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../../plugins/auth.js';
import { recordAudit } from '../audit/repository.js';
import { signedInUserView } from '../auth/service.js';
import { confirmPassword } from '../credentials/password-confirmation.js';
import { revokeOtherSessions } from '../sessions/repository.js';
import { listColleagues, lockAccount, setPasswordHash, updateAccount } from './repository.js';

/** The whole set of profiles a change leaves: the route's schema has read each into its canonical form. */
function socialProfilesFrom(change: SocialProfilesChange): SocialProfiles {
  return {
    telegram: change.telegram ?? null,
    whatsapp: change.whatsapp ?? null,
    vk: change.vk ?? null,
    linkedin: change.linkedin ?? null,
  };
}

/** A person's own account: name, language, theme and social profiles, password; and the colleagues of their department. */
export function createProfileService(app: FastifyInstance) {
  const { db } = app;

  return {
    async change(caller: AuthContext, change: ProfileChange, ip: string): Promise<SignedInUser> {
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, caller.userId);
        if (!account) throw new AppError('ACCESS_TOKEN_INVALID');
        const name = change.name?.trim();
        const socialProfiles = change.socialProfiles && socialProfilesFrom(change.socialProfiles);
        await updateAccount(tx, account.id, { name, locale: change.locale, theme: change.theme, socialProfiles });
        if (name !== undefined && name !== account.name) {
          await recordAudit(tx, {
            action: 'profile.name-changed',
            actorUserId: account.id,
            subjectUserId: account.id,
            departmentId: caller.departmentId,
            ip,
            details: { before: account.name, after: name },
          });
        }
        const before = socialProfilesOf(account.socialProfiles);
        if (socialProfiles && SOCIAL_NETWORKS.some((network) => socialProfiles[network] !== before[network])) {
          await recordAudit(tx, {
            action: 'profile.social-profiles-changed',
            actorUserId: account.id,
            subjectUserId: account.id,
            departmentId: caller.departmentId,
            ip,
            details: { before, after: socialProfiles },
          });
        }
        const updated = await lockAccount(tx, account.id);
        if (!updated) throw new AppError('ACCESS_TOKEN_INVALID');
        return signedInUserView(tx, updated, caller.departmentId);
      });
    },

    /** Checks the current password, stores the new one and ends every other session of the account. */
    async changePassword(caller: AuthContext, change: PasswordChange, ip: string): Promise<void> {
      const account = await confirmPassword(db, caller, change.currentPassword, ip, 'password.change-failed');
      const passwordHash = await hashPassword(change.newPassword);
      await db.transaction(async (tx) => {
        // Hashing took a while outside the lock: if an administrator set a temporary password (or deactivated the
        // account) meanwhile, the password just checked is no longer the account's, and must not replace theirs.
        const locked = await lockAccount(tx, account.id);
        if (!locked || locked.passwordHash !== account.passwordHash || locked.tokenVersion !== caller.tokenVersion) {
          throw new AppError('ACCESS_TOKEN_INVALID');
        }
        await setPasswordHash(tx, account.id, passwordHash);
        const endedSessions = await revokeOtherSessions(tx, account.id, caller.sessionId);
        await recordAudit(tx, {
          action: 'password.changed',
          actorUserId: account.id,
          subjectUserId: account.id,
          departmentId: caller.departmentId,
          ip,
          details: { endedSessions },
        });
      });
    },

    async colleagues(caller: AuthContext, departmentId: string): Promise<ColleagueList> {
      return { items: await listColleagues(db, departmentId, caller.userId) };
    },
  };
}
