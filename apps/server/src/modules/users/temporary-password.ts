import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { readableCode } from '../../lib/readable-codes.js';
import { recordAudit } from '../audit/repository.js';
import { revokeAllSessions } from '../sessions/repository.js';
import { lockUser, setTemporaryPassword } from './repository.js';
import type { AdministrationActor } from './service.js';

/** A password to read out or copy: four groups of four readable characters (about 79 bits). */
export function generateTemporaryPassword(): string {
  return readableCode(4, 4);
}

/**
 * Gives a user a temporary password (the one typed, or a generated one) and answers it this once: only its hash is
 * stored, and the audit log says only whether it was generated. Every session of the user ends at once, and the
 * next one can do nothing but replace it. Not for oneself (the profile's password change is for that), not for a
 * deactivated user.
 */
export async function giveTemporaryPassword(
  db: Database,
  input: { userId: string; password: string | undefined },
  actor: AdministrationActor,
): Promise<{ password: string }> {
  if (input.userId === actor.userId) throw new AppError('CANNOT_SET_OWN_TEMPORARY_PASSWORD');
  const password = input.password ?? generateTemporaryPassword();
  const passwordHash = await hashPassword(password);
  await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const target = await lockUser(tx, input.userId);
      if (!target) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
      if (target.status !== 'active') throw new AppError('USER_DEACTIVATED');
      await setTemporaryPassword(tx, target.id, passwordHash);
      await revokeAllSessions(tx, target.id);
      await recordAudit(tx, {
        action: 'user.temporary-password-set',
        actorUserId: actor.userId,
        subjectUserId: target.id,
        ip: actor.ip,
        details: { generated: input.password === undefined },
      });
    }),
  );
  return { password };
}
