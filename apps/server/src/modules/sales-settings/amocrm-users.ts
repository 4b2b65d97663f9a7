import {
  type AmoCrmUser,
  type AmoCrmUserLinkResponse,
  type AmoCrmUserList,
  type DepartmentRef,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  type ManagerFromAmoCrmResponse,
  type UserSummary,
} from '@cm/contract';
import type { Config } from '../../config.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { temporaryPassword } from '../../lib/passwords.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { AmoUser } from '../amocrm/types.js';
import { readFromAmoCrm } from '../sales-sync/connection.js';
import { leadsPerResponsibleUser } from '../sales-sync/leads.js';
import { salesSettings } from '../sales-sync/settings.js';
import {
  findUserByAmoId,
  findUserByEmail,
  findUserById,
  findUsersByAmoIdsOrEmails,
  listManagers,
  listMemberships,
  type UserRow,
} from '../users/repository.js';
import { createUser, linkAmoId } from '../users/service.js';
import { interactiveAmoClient } from './service.js';

/** Recorded as `via` in the audit log of the users this screen links or creates. */
const VIA = 'amocrm-users';

/** Text amoCRM gives, trimmed; null when it gives none or only blanks. */
function given(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

function summaryOf(user: UserRow): UserSummary {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    amoId: user.amoId,
    active: user.status === 'active',
  };
}

/**
 * Each amoCRM user beside the user here it matches: the holder of its id as AMO ID, else the user with its
 * e-mail (letter case ignored), else none; with its stored leads.
 */
export function matchAmoCrmUsers(
  amoUsers: readonly AmoUser[],
  users: readonly UserRow[],
  leads: ReadonlyMap<number, number>,
): AmoCrmUser[] {
  const byAmoId = new Map(users.flatMap((user) => (user.amoId === null ? [] : [[user.amoId, user] as const])));
  const byEmail = new Map(users.map((user) => [user.email.trim().toLowerCase(), user]));
  return amoUsers.map((amoUser) => {
    const email = given(amoUser.email);
    const holder = byAmoId.get(amoUser.id);
    const sameEmail = holder || email === null ? undefined : byEmail.get(email.toLowerCase());
    const user = holder ?? sameEmail ?? null;
    return {
      amoUserId: amoUser.id,
      name: given(amoUser.name),
      email,
      active: amoUser.rights?.is_active ?? null,
      match: holder ? 'amo_id' : sameEmail ? 'email' : 'none',
      user: user ? summaryOf(user) : null,
      leads: leads.get(amoUser.id) ?? 0,
    };
  });
}

/** The amoCRM e-mail a manager can sign in with, or null: a manager created from amoCRM needs one. */
function signInEmail(amoUser: AmoUser): string | null {
  const email = given(amoUser.email);
  return email !== null && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? email : null;
}

/** A concurrent link or creation that took the AMO ID or the e-mail first, as the problem it is. */
function takenProblem(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_amo_id_unique')) return new AppError('AMO_ID_TAKEN');
  if (isUniqueViolation(error, 'users_email_unique')) return new AppError('EMAIL_TAKEN');
  return error;
}

/**
 * The amoCRM users of the sales settings: the account's users read live beside the managers here, and the
 * two ways an administrator matches one, linking a manager or creating one. Leads follow either at once.
 */
export function amoCrmUsersService(db: Database, kind: DatabaseHandle['kind'], config: Config) {
  const box = createSecretBox(config.appSecret);

  async function accountUsers(): Promise<{ accountId: number | null; users: AmoUser[] }> {
    const settings = await salesSettings(db, config.timeZone);
    const users = await readFromAmoCrm(() => interactiveAmoClient({ db, kind }, config, box, settings).users());
    return { accountId: settings.amoAccountId, users };
  }

  return {
    /**
     * The account's users with their matches and stored leads, and the managers the administrator may link one
     * to: those of the administrator's departments, as plans are (PRODUCT.md §2).
     */
    async list(administratorId: string): Promise<AmoCrmUserList> {
      const { accountId, users } = await accountUsers();
      const candidates = await findUsersByAmoIdsOrEmails(
        db,
        users.map((user) => user.id),
        users.flatMap((user) => given(user.email) ?? []),
      );
      const leads = accountId === null ? new Map<number, number>() : await leadsPerResponsibleUser(db, accountId);
      const departments = await listMemberships(db, administratorId);
      const managers = await listManagers(
        db,
        departments.map((department) => department.id),
      );
      return {
        accountId,
        items: matchAmoCrmUsers(users, candidates, leads),
        managers: managers.map(summaryOf),
      };
    },

    /**
     * Makes the amoCRM user's id the manager's AMO ID. amoCRM is not asked: the id is what links them, as an
     * AMO ID typed by hand, and linking must work while amoCRM is away. Only a manager of one of the
     * administrator's departments is linked: the link moves that department's sales figures.
     */
    async link(amoUserId: number, userId: string, administratorId: string): Promise<AmoCrmUserLinkResponse> {
      // Other users are refused below, as not managers or unknown; a manager of no department moves no figures.
      if ((await findUserById(db, userId))?.role === 'manager') {
        const own = new Set((await listMemberships(db, administratorId)).map((department) => department.id));
        const theirs = await listMemberships(db, userId);
        if (theirs.length > 0 && !theirs.some((department) => own.has(department.id))) {
          throw new AppError('NOT_A_DEPARTMENT_MEMBER');
        }
      }
      try {
        const user = await db.transaction((tx) =>
          linkAmoId(tx, { userId, amoId: amoUserId, actor: { userId: administratorId, via: VIA } }),
        );
        return { user: summaryOf(user) };
      } catch (error) {
        throw takenProblem(error);
      }
    },

    /**
     * A manager with the amoCRM user's name, e-mail and id as AMO ID, in one of the administrator's
     * departments (their current one by default), with a temporary password returned this once.
     */
    async createManager(
      amoUserId: number,
      requestedDepartmentId: string | undefined,
      administrator: AuthContext,
    ): Promise<ManagerFromAmoCrmResponse> {
      const departmentId = requestedDepartmentId ?? administrator.departmentId;
      if (!departmentId) throw new AppError('NO_CURRENT_DEPARTMENT');
      const department: DepartmentRef | undefined = (await listMemberships(db, administrator.userId)).find(
        (membership) => membership.id === departmentId,
      );
      if (!department) throw new AppError('NOT_A_DEPARTMENT_MEMBER');
      // amoCRM is read before the transaction: a transaction never waits on the network.
      const amoUser = (await accountUsers()).users.find((user) => user.id === amoUserId);
      if (!amoUser) throw new AppError('AMOCRM_USER_NOT_FOUND');
      const email = signInEmail(amoUser);
      if (email === null) throw new AppError('AMOCRM_USER_WITHOUT_EMAIL');
      const password = temporaryPassword();
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          if (await findUserByAmoId(tx, amoUserId)) throw new AppError('AMO_ID_TAKEN');
          if (await findUserByEmail(tx, email)) throw new AppError('EMAIL_TAKEN');
          return createUser(tx, {
            email,
            password,
            role: 'manager',
            name: given(amoUser.name) ?? undefined,
            departments: [department.name],
            amoId: amoUserId,
            actor: { userId: administrator.userId, via: VIA },
          });
        });
      } catch (error) {
        throw takenProblem(error);
      }
      const user = await findUserById(db, userId);
      if (!user) throw new Error(`the manager ${userId} just created is missing`);
      return { user: summaryOf(user), department, temporaryPassword: password };
    },
  };
}
