import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { retryOnConflict } from '../../lib/database-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/repository.js';
import { revokeAllSessions } from '../sessions/repository.js';
import { lockUser, setTemporaryPassword } from './repository.js';
import type { AdministrationActor } from './service.js';

/** Letters and digits that read and type unambiguously: no 0/o, 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A password to read out or copy: four groups of four characters joined by hyphens, each character drawn uniformly
 * from 31 by the system's cryptographic generator (16 × log2 31 ≈ 79 bits).
 */
export function generateTemporaryPassword(): string {
  return Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
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
