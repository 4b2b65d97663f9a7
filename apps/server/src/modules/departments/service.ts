import type { AdministeredDepartment, DepartmentNaming, DepartmentStatus } from '@cm/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { recordAudit } from '../audit/repository.js';
import { rematchManagers } from '../sales-sync/leads.js';
import {
  archiveBlockers,
  findDepartment,
  findDepartmentNamed,
  insertDepartment,
  listDepartments,
  lockDepartment,
  renameDepartment,
  setArchived,
  takeArchiveTurn,
} from './repository.js';

/** Who changes a department, for the audit log. */
export type DepartmentActor = { userId: string; ip: string | null };

type Naming = z.output<typeof DepartmentNaming>;

function nameTaken(): AppError {
  return new AppError('DEPARTMENT_NAME_TAKEN', {
    errors: [{ path: 'body.name', message: 'Another department already has this name', code: 'taken' }],
  });
}

/** Maps the unique index's refusal of a concurrent creation or rename onto the code the check before it gives. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'departments_name_unique')) throw nameTaken();
    throw error;
  }
}

async function requireFreeName(db: Executor, name: string, exceptId: string | null): Promise<void> {
  if (await findDepartmentNamed(db, name, exceptId)) throw nameTaken();
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { detail: 'No department has this id.' });
}

async function requireDepartment(db: Executor, id: string): Promise<AdministeredDepartment> {
  const department = await findDepartment(db, id);
  if (!department) throw notFound();
  return department;
}

/**
 * The departments administration (issue #26): creating, renaming, archiving and restoring departments, each
 * change audited. An archived department leaves the switcher and every picker; its movements, figures and
 * audit entries stay.
 */
export function departmentAdministration(db: Database) {
  return {
    list: (status: DepartmentStatus | undefined) => listDepartments(db, status),

    async create(input: Naming, actor: DepartmentActor): Promise<AdministeredDepartment> {
      const id = await withUniqueName(() =>
        db.transaction(async (tx) => {
          await requireFreeName(tx, input.name, null);
          const created = await insertDepartment(tx, input.name);
          await recordAudit(tx, {
            action: 'department.created',
            actorUserId: actor.userId,
            departmentId: created,
            ip: actor.ip,
            details: { name: input.name },
          });
          return created;
        }),
      );
      return requireDepartment(db, id);
    },

    async rename(id: string, input: Naming, actor: DepartmentActor): Promise<AdministeredDepartment> {
      await withUniqueName(() =>
        db.transaction(async (tx) => {
          const department = await lockDepartment(tx, id, 'rename');
          if (!department) throw notFound();
          if (department.name === input.name) return;
          await requireFreeName(tx, input.name, id);
          await renameDepartment(tx, id, input.name);
          await recordAudit(tx, {
            action: 'department.renamed',
            actorUserId: actor.userId,
            departmentId: id,
            ip: actor.ip,
            details: { before: { name: department.name }, after: { name: input.name } },
          });
        }),
      );
      return requireDepartment(db, id);
    },

    /**
     * Archives a department that holds no stock and whose members all belong to another active department; its
     * managers' leads move to the department each works in now.
     * Postings, imports and new memberships of the department wait for this decision and are refused after it
     * (they share-lock its row); one that went first is counted here.
     */
    async archive(id: string, actor: DepartmentActor): Promise<AdministeredDepartment> {
      // Its audit entry key-shares the actor's user row while it holds the department: a user edit holding that row
      // and waiting for the department makes a deadlock, which the database breaks by aborting one of the two.
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          await takeArchiveTurn(tx);
          const department = await lockDepartment(tx, id, 'archive');
          if (!department) throw notFound();
          if (department.archived) return;
          const blockers = await archiveBlockers(tx, id);
          if (blockers.holdsStock) throw new AppError('DEPARTMENT_HOLDS_STOCK');
          if (blockers.soleMembers > 0) {
            throw new AppError('DEPARTMENT_HAS_MEMBERS', {
              detail: `${blockers.soleMembers} member(s) belong to no other department; give them another department first.`,
              members: blockers.soleMembers,
            });
          }
          await setArchived(tx, id, true);
          await rematchManagers(tx);
          await recordAudit(tx, {
            action: 'department.archived',
            actorUserId: actor.userId,
            departmentId: id,
            ip: actor.ip,
            details: { name: department.name },
          });
        }),
      );
      return requireDepartment(db, id);
    },

    /**
     * Brings an archived department back into the switcher and the pickers, with the members it kept; the leads of
     * its managers whose oldest department it is come back with them.
     */
    async restore(id: string, actor: DepartmentActor): Promise<AdministeredDepartment> {
      await retryOnConflict(() =>
        db.transaction(async (tx) => {
          await takeArchiveTurn(tx);
          const department = await lockDepartment(tx, id, 'archive');
          if (!department) throw notFound();
          if (!department.archived) return;
          await setArchived(tx, id, false);
          await rematchManagers(tx);
          await recordAudit(tx, {
            action: 'department.restored',
            actorUserId: actor.userId,
            departmentId: id,
            ip: actor.ip,
            details: { name: department.name },
          });
        }),
      );
      return requireDepartment(db, id);
    },
  };
}
