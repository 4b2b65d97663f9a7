import type { ManagementType, Role } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/repository.js';
import { rematchManagers } from '../sales-sync/leads.js';
import { revokeAllSessions } from '../sessions/repository.js';
import {
  ensureDepartments,
  findUserByAmoId,
  findUserByEmail,
  findUserById,
  insertUser,
  overwriteUser,
  replaceMemberships,
  setAmoId,
  type UserRow,
} from './repository.js';

export type UpsertUserInput = {
  email: string;
  password: string;
  role: Role;
  name?: string | undefined;
  /** Department names; missing departments are created. Given → replaces the user's memberships. */
  departments?: string[] | undefined;
  amoId?: number | null | undefined;
  managementType?: ManagementType | null | undefined;
  /** Who makes the change, for the audit log: an administrator in the app; without it, the operator (CLI, demo). */
  actor?: { userId: string; via: string } | undefined;
};

function auditSource(input: UpsertUserInput) {
  return { actorUserId: input.actor?.userId ?? null, via: input.actor?.via ?? 'operator' };
}

/**
 * Creates a user whose e-mail is free (a taken one fails on `users_email_unique`: check first, and map the
 * violation for a concurrent creation). Leads follow the AMO ID at once.
 */
export async function createUser(db: Executor, input: UpsertUserInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  const id = await insertUser(db, {
    email,
    name: input.name ?? email.split('@')[0] ?? email,
    role: input.role,
    passwordHash,
    amoId: input.amoId ?? null,
    managementType: input.managementType ?? null,
  });
  if (input.departments) {
    await replaceMemberships(db, id, await ensureDepartments(db, input.departments));
  }
  if (input.amoId !== undefined || input.departments) await rematchManagers(db);
  const { actorUserId, via } = auditSource(input);
  await recordAudit(db, {
    action: 'user.created',
    actorUserId,
    subjectUserId: id,
    details: { role: input.role, departments: input.departments ?? null, via },
  });
  return id;
}

/**
 * Creates a user, or updates the one with this e-mail (any letter case). An update sets a new password
 * and ends the user's current sessions: their access tokens (token version) and refresh tokens alike.
 */
export async function upsertUser(db: Executor, input: UpsertUserInput): Promise<{ id: string; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) return { id: await createUser(db, input), created: true };
  const { id } = existing;
  await overwriteUser(db, id, {
    role: input.role,
    passwordHash: await hashPassword(input.password),
    ...(input.name && { name: input.name }),
    ...(input.amoId !== undefined && { amoId: input.amoId }),
    ...(input.managementType !== undefined && { managementType: input.managementType }),
  });
  await revokeAllSessions(db, id);
  if (input.departments) {
    await replaceMemberships(db, id, await ensureDepartments(db, input.departments));
  }
  // Leads follow their manager's AMO ID and first department at once, not only after the next sync.
  if (input.amoId !== undefined || input.departments) await rematchManagers(db);
  const { actorUserId, via } = auditSource(input);
  await recordAudit(db, {
    action: 'user.updated',
    actorUserId,
    subjectUserId: id,
    details: { role: input.role, departments: input.departments ?? null, via },
  });
  return { id, created: false };
}

/**
 * Gives a manager an AMO ID, replacing the one they had: the leads of the new AMO ID count for them at once,
 * those of the old one for nobody. NOT_FOUND, USER_NOT_A_MANAGER, or AMO_ID_TAKEN when another user has it
 * (a concurrent link fails on `users_amo_id_unique` instead). Sessions are kept: access does not change.
 */
export async function linkAmoId(
  db: Executor,
  input: { userId: string; amoId: number; actor: { userId: string; via: string } },
): Promise<UserRow> {
  const user = await findUserById(db, input.userId);
  if (!user) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
  if (user.role !== 'manager') throw new AppError('USER_NOT_A_MANAGER');
  if (user.amoId === input.amoId) return user;
  if (await findUserByAmoId(db, input.amoId)) throw new AppError('AMO_ID_TAKEN');
  await setAmoId(db, user.id, input.amoId);
  await rematchManagers(db);
  await recordAudit(db, {
    action: 'user.updated',
    actorUserId: input.actor.userId,
    subjectUserId: user.id,
    details: { amoId: input.amoId, previousAmoId: user.amoId, via: input.actor.via },
  });
  return { ...user, amoId: input.amoId };
}
