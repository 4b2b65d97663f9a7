import type { ManagedUser, ManagementType, Role, UserChange, UserCreate, UserStatus } from '@cm/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/repository.js';
import { rematchManagers } from '../sales-sync/leads.js';
import { revokeAllSessions } from '../sessions/repository.js';
import {
  ensureDepartments,
  findManagedUser,
  findUserByAmoId,
  findUserByEmail,
  findUserById,
  insertUser,
  lockActiveAdministrators,
  lockDepartmentsForMembership,
  lockUser,
  overwriteUser,
  replaceMemberships,
  setAmoId,
  setUserStatus,
  type UserRow,
  updateUserFields,
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

/** Who changes a user through the users administration, for the rules and the audit log. */
export type AdministrationActor = { userId: string; ip: string | null };

/** What the audit log keeps of a user: their access and identity, never a password. */
type AuditedUser = {
  name: string;
  email: string;
  role: Role;
  departments: string[];
  amoId: number | null;
  managementType: ManagementType | null;
  status: UserStatus;
};

function audited(user: ManagedUser): AuditedUser {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    departments: user.departments.map((department) => department.name),
    amoId: user.amoId,
    managementType: user.managementType,
    status: user.status,
  };
}

/** The fields that differ, as `{before, after}` holding only those fields. */
function changesOf(before: AuditedUser, after: AuditedUser) {
  const keys = (Object.keys(after) as (keyof AuditedUser)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (user: AuditedUser) => Object.fromEntries(keys.map((key) => [key, user[key]]));
  return { keys, before: pick(before), after: pick(after) };
}

const VIA = 'administration';

/** A taken e-mail or AMO ID as the refusal names it, on its field. */
function taken(code: 'EMAIL_TAKEN' | 'AMO_ID_TAKEN'): AppError {
  return code === 'EMAIL_TAKEN'
    ? new AppError('EMAIL_TAKEN', {
        detail: 'A user with this e-mail already exists.',
        errors: [{ path: 'body.email', message: 'A user with this e-mail already exists', code: 'taken' }],
      })
    : new AppError('AMO_ID_TAKEN', {
        errors: [{ path: 'body.amoId', message: 'Another user already has this AMO ID', code: 'taken' }],
      });
}

/** Maps the unique indexes' refusal of a concurrent change onto the codes the checks before it give. */
async function withUniqueChecks<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw taken('EMAIL_TAKEN');
    if (isUniqueViolation(error, 'users_amo_id_unique')) throw taken('AMO_ID_TAKEN');
    throw error;
  }
}

async function requireFree(db: Executor, input: UserFields, userId: string | null): Promise<void> {
  const byEmail = await findUserByEmail(db, input.email);
  if (byEmail && byEmail.id !== userId) throw taken('EMAIL_TAKEN');
  if (input.amoId !== null) {
    const byAmoId = await findUserByAmoId(db, input.amoId);
    if (byAmoId && byAmoId.id !== userId) throw taken('AMO_ID_TAKEN');
  }
}

/** The departments a user is given, each existing and not archived (an archive waits for the change, see the lock). */
async function requireDepartments(db: Executor, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await lockDepartmentsForMembership(db, unique);
  const errors = ids.flatMap((id, index) => {
    const department = found.get(id);
    if (!department) return [{ path: `body.departmentIds.${index}`, message: 'No such department', code: 'not_found' }];
    if (department.archived) {
      return [{ path: `body.departmentIds.${index}`, message: 'The department is archived', code: 'archived' }];
    }
    return [];
  });
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  return unique;
}

/**
 * Refuses a change that would leave the company without an active administrator: `target` stops being one
 * (demoted or deactivated). The active administrators' rows are locked first, so that two such changes at
 * once are decided in turn.
 */
async function requireAnotherAdministrator(db: Executor, target: UserRow): Promise<void> {
  const administrators = await lockActiveAdministrators(db);
  if (target.role !== 'administrator' || target.status !== 'active') return;
  if (!administrators.some((id) => id !== target.id)) throw new AppError('LAST_ADMINISTRATOR');
}

type UserFields = z.output<typeof UserChange>;

async function requireManagedUser(db: Executor, id: string): Promise<ManagedUser> {
  const user = await findManagedUser(db, id);
  if (!user) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
  return user;
}

/**
 * The users administration (PRODUCT.md §4): creating and changing users, deactivating and reactivating them.
 * Every change is audited with what it changed, before and after.
 */
export function userAdministration(db: Database) {
  return {
    get: (id: string) => requireManagedUser(db, id),

    /**
     * Creates a user with the password the administrator typed, temporary when asked (to be replaced at the first
     * sign-in); their leads follow their AMO ID at once.
     */
    async create(input: z.output<typeof UserCreate>, actor: AdministrationActor): Promise<ManagedUser> {
      const passwordHash = await hashPassword(input.password);
      const id = await withUniqueChecks(() =>
        db.transaction(async (tx) => {
          await requireFree(tx, input, null);
          const departmentIds = await requireDepartments(tx, input.departmentIds);
          const created = await insertUser(tx, {
            email: input.email,
            name: input.name,
            role: input.role,
            passwordHash,
            amoId: input.amoId,
            managementType: input.managementType,
            mustChangePassword: input.temporaryPassword,
          });
          await replaceMemberships(tx, created, departmentIds);
          await rematchManagers(tx);
          const after = audited(await requireManagedUser(tx, created));
          await recordAudit(tx, {
            action: 'user.created',
            actorUserId: actor.userId,
            subjectUserId: created,
            ip: actor.ip,
            details: { before: null, after, via: VIA },
          });
          if (input.temporaryPassword) {
            await recordAudit(tx, {
              action: 'user.temporary-password-set',
              actorUserId: actor.userId,
              subjectUserId: created,
              ip: actor.ip,
              details: { generated: false },
            });
          }
          return created;
        }),
      );
      return requireManagedUser(db, id);
    },

    /**
     * Changes a user's fields. An administrator cannot take their own administrator role, nor the last active
     * administrator's. A new AMO ID or departments move the manager's leads at once. Sessions are kept: the
     * role and departments are read on every request, so the change applies to them at once.
     */
    async update(id: string, input: UserFields, actor: AdministrationActor): Promise<ManagedUser> {
      // Locks of the user and of the administrators can meet another change's in a deadlock, which PostgreSQL breaks.
      await withUniqueChecks(() =>
        retryOnConflict(() =>
          db.transaction(async (tx) => {
            const target = await lockUser(tx, id);
            if (!target) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
            if (target.role === 'administrator' && input.role !== 'administrator') {
              if (target.id === actor.userId) throw new AppError('CANNOT_DEMOTE_SELF');
              await requireAnotherAdministrator(tx, target);
            }
            await requireFree(tx, input, id);
            const departmentIds = await requireDepartments(tx, input.departmentIds);
            const before = await requireManagedUser(tx, id);
            await updateUserFields(tx, id, {
              email: input.email,
              name: input.name,
              role: input.role,
              amoId: input.amoId,
              managementType: input.managementType,
            });
            await replaceMemberships(tx, id, departmentIds);
            const after = await requireManagedUser(tx, id);
            const changes = changesOf(audited(before), audited(after));
            if (changes.keys.includes('amoId') || changes.keys.includes('departments')) await rematchManagers(tx);
            if (changes.keys.length === 0) return;
            await recordAudit(tx, {
              action: 'user.updated',
              actorUserId: actor.userId,
              subjectUserId: id,
              ip: actor.ip,
              details: { before: changes.before, after: changes.after, via: VIA },
            });
          }),
        ),
      );
      return requireManagedUser(db, id);
    },

    /**
     * Deactivates a user and ends every session of theirs at once: the status and token version fail their
     * access tokens on the next request, and their refresh tokens are revoked. Not oneself, not the last
     * active administrator.
     */
    async deactivate(id: string, actor: AdministrationActor): Promise<ManagedUser> {
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const target = await lockUser(tx, id);
          if (!target) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
          if (target.id === actor.userId) throw new AppError('CANNOT_DEACTIVATE_SELF');
          if (target.status === 'disabled') return;
          await requireAnotherAdministrator(tx, target);
          await setUserStatus(tx, id, 'disabled');
          await revokeAllSessions(tx, id);
          await recordAudit(tx, {
            action: 'user.deactivated',
            actorUserId: actor.userId,
            subjectUserId: id,
            ip: actor.ip,
            details: { before: { status: 'active' }, after: { status: 'disabled' }, via: VIA },
          });
        }),
      );
      return requireManagedUser(db, id);
    },

    /** Lets a deactivated user sign in again (their old sessions stay ended). */
    async reactivate(id: string, actor: AdministrationActor): Promise<ManagedUser> {
      await db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw new AppError('NOT_FOUND', { detail: 'No user has this id.' });
        if (target.status === 'active') return;
        await setUserStatus(tx, id, 'active');
        await recordAudit(tx, {
          action: 'user.reactivated',
          actorUserId: actor.userId,
          subjectUserId: id,
          ip: actor.ip,
          details: { before: { status: 'disabled' }, after: { status: 'active' }, via: VIA },
        });
      });
      return requireManagedUser(db, id);
    },
  };
}
