import {
  DEFAULT_AVATAR_PATH,
  type DepartmentRef,
  type ManagedUser,
  type ManagementType,
  type Role,
  socialProfilesOf,
  type User,
  type UserFilters,
  type UserSort,
  type UserStatus,
} from '@cm/contract';
import { and, asc, eq, exists, inArray, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';
import { departments, userDepartments, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { allOf, containsPattern, isoTime, pageOf } from '../../lib/sql-filters.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByAmoId(db: Executor, amoId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.amoId, amoId));
  return row;
}

/** Users who have one of these AMO IDs, or one of these e-mails (any letter case). */
export async function findUsersByAmoIdsOrEmails(
  db: Executor,
  amoIds: readonly number[],
  emails: readonly string[],
): Promise<UserRow[]> {
  if (amoIds.length === 0 && emails.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      or(
        amoIds.length > 0 ? inArray(users.amoId, [...amoIds]) : undefined,
        emails.length > 0
          ? inArray(
              sql`lower(${users.email})`,
              emails.map((email) => email.trim().toLowerCase()),
            )
          : undefined,
      ),
    );
}

/** The managers who work in at least one of these departments, by name. */
export function listManagers(db: Executor, departmentIds: readonly string[]): Promise<UserRow[]> {
  if (departmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'manager'),
        exists(
          db
            .select({ one: sql`1` })
            .from(userDepartments)
            .where(
              and(eq(userDepartments.userId, users.id), inArray(userDepartments.departmentId, [...departmentIds])),
            ),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Sets a user's AMO ID. Their access is unchanged, so their sessions and tokens stay valid. */
export async function setAmoId(db: Executor, id: string, amoId: number): Promise<void> {
  await db.update(users).set({ amoId, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/**
 * Returns the ids of the named departments, creating those that do not exist yet; DEPARTMENT_ARCHIVED for an
 * archived one. Their rows stay key-share locked, so an archive waits for the membership (see `lockDepartmentsForMembership`).
 */
export async function ensureDepartments(db: Executor, names: string[]): Promise<string[]> {
  const unique = [...new Map(names.map((name) => [name.trim().toLowerCase(), name.trim()])).values()];
  if (unique.length === 0) return [];
  await db
    .insert(departments)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: departments.id, archivedAt: departments.archivedAt })
    .from(departments)
    .where(
      inArray(
        sql`lower(${departments.name})`,
        unique.map((name) => name.toLowerCase()),
      ),
    )
    .for('key share');
  if (rows.some((row) => row.archivedAt !== null)) throw new AppError('DEPARTMENT_ARCHIVED');
  return rows.map((row) => row.id);
}

/** What an operator sets on a user. */
type UserFields = Pick<
  typeof users.$inferInsert,
  'email' | 'name' | 'role' | 'passwordHash' | 'amoId' | 'managementType'
>;

/** Adds a user and returns their id; `mustChangePassword` makes the password a temporary one. */
export async function insertUser(
  db: Executor,
  fields: UserFields & Pick<typeof users.$inferInsert, 'mustChangePassword'>,
): Promise<string> {
  const [created] = await db.insert(users).values(fields).returning({ id: users.id });
  if (!created) throw new Error('user insert returned nothing');
  return created.id;
}

/**
 * Overwrites the given fields of a user and bumps their token version, so that access tokens issued before
 * no longer pass.
 */
export async function overwriteUser(
  db: Executor,
  id: string,
  fields: Pick<UserFields, 'role' | 'passwordHash'> & Partial<Pick<UserFields, 'name' | 'amoId' | 'managementType'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Makes the given departments a user's only active memberships. Those of archived departments stay, unseen, so that
 * restoring a department brings its members back.
 */
export async function replaceMemberships(db: Executor, userId: string, departmentIds: string[]): Promise<void> {
  await db.delete(userDepartments).where(
    and(
      eq(userDepartments.userId, userId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(departments)
          .where(and(eq(departments.id, userDepartments.departmentId), isNotNull(departments.archivedAt))),
      ),
    ),
  );
  if (departmentIds.length > 0) {
    await db.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId, departmentId })));
  }
}

/** Keeps the department a user works in, where the next sign-in resumes. */
export async function rememberLastDepartment(db: Executor, userId: string, departmentId: string | null): Promise<void> {
  await db.update(users).set({ lastDepartmentId: departmentId }).where(eq(users.id, userId));
}

/**
 * The departments the user belongs to and may work in, by name: archived ones are left out, so the switcher never
 * offers them, a switch into one is refused and a session working in one moves at its next refresh.
 */
export function listMemberships(db: Executor, userId: string): Promise<DepartmentRef[]> {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(and(eq(userDepartments.userId, userId), isNull(departments.archivedAt)))
    .orderBy(asc(departments.name));
}

/**
 * The department a user works in after signing in or refreshing: the preferred one while they still belong
 * to it, else the first of their departments, else none.
 */
export function chooseDepartment(memberships: DepartmentRef[], preferred: string | null): string | null {
  if (preferred && memberships.some((department) => department.id === preferred)) return preferred;
  return memberships[0]?.id ?? null;
}

/** The user as the API shows it (PRODUCT.md §7). */
export async function loadUserView(db: Executor, user: UserRow, currentDepartmentId: string | null): Promise<User> {
  const memberships = await listMemberships(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    avatar: user.avatar ?? DEFAULT_AVATAR_PATH,
    amoId: user.amoId,
    managementType: user.managementType,
    currentDepartment: memberships.find((department) => department.id === currentDepartmentId) ?? null,
    departments: memberships,
    socialProfiles: socialProfilesOf(user.socialProfiles),
  };
}

/** A user as the users administration shows them, read in one statement. */
type ManagedUserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  amo_id: string | null;
  management_type: ManagementType | null;
  status: UserStatus;
  two_factor_enabled: boolean;
  departments: DepartmentRef[] | string;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT_MANAGED_USER = sql`
  select u.id, u.email, u.name, u.role, u.amo_id::text as amo_id, u.management_type, u.status, u.created_at, u.updated_at,
         coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by lower(d.name), d.id)
                   from user_departments ud join departments d on d.id = ud.department_id
                   where ud.user_id = u.id and d.archived_at is null), '[]'::json) as departments,
         exists (select 1 from user_two_factor t where t.user_id = u.id and t.enabled_at is not null) as two_factor_enabled
  from users u`;

function toManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    amoId: row.amo_id === null ? null : Number(row.amo_id),
    managementType: row.management_type,
    departments: typeof row.departments === 'string' ? JSON.parse(row.departments) : row.departments,
    status: row.status,
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

type UserListFilters = z.output<typeof UserFilters>;

const USER_SORT_COLUMNS: Record<UserSort, SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  role: sql`u.role`,
  amoId: sql`u.amo_id`,
  status: sql`u.status`,
  createdAt: sql`u.created_at`,
};

function userWhere(filters: UserListFilters): SQL {
  const q = filters.q?.trim();
  const pattern = q ? containsPattern(q) : undefined;
  return allOf([
    pattern
      ? sql`(lower(u.name) like ${pattern} or lower(u.email) like ${pattern} or u.amo_id::text like ${pattern})`
      : undefined,
    filters.role ? sql`u.role = ${filters.role}` : undefined,
    filters.status ? sql`u.status = ${filters.status}` : undefined,
    filters.departmentId
      ? sql`exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = ${filters.departmentId}::uuid)`
      : undefined,
  ]);
}

function userOrder(filters: UserListFilters): SQL {
  const direction = filters.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return sql`${USER_SORT_COLUMNS[filters.sort]} ${direction}, lower(u.name), u.id`;
}

/** One page of the users directory as filtered and sorted, with the size of the whole filtered list. */
export async function listManagedUsers(
  db: Executor,
  filters: UserListFilters,
  page: { offset: number; limit: number },
): Promise<{ items: ManagedUser[]; total: number }> {
  const where = userWhere(filters);
  const [rows, count] = await Promise.all([
    queryRows<ManagedUserRow>(
      db,
      sql`${SELECT_MANAGED_USER} where ${where} order by ${userOrder(filters)} ${pageOf(page)}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from users u where ${where}`),
  ]);
  return { items: rows.map(toManagedUser), total: Number(count[0]?.total ?? 0) };
}

/** Pages through the whole filtered directory for an export, `batchSize` users at a time. */
export async function* allManagedUsers(
  db: Executor,
  filters: UserListFilters,
  batchSize = 1000,
): AsyncGenerator<ManagedUser> {
  const where = userWhere(filters);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await queryRows<ManagedUserRow>(
      db,
      sql`${SELECT_MANAGED_USER} where ${where} order by ${userOrder(filters)} limit ${batchSize} offset ${offset}`,
    );
    yield* rows.map(toManagedUser);
    if (rows.length < batchSize) return;
  }
}

export async function findManagedUser(db: Executor, id: string): Promise<ManagedUser | null> {
  const rows = await queryRows<ManagedUserRow>(db, sql`${SELECT_MANAGED_USER} where u.id = ${id}`);
  return rows[0] ? toManagedUser(rows[0]) : null;
}

/** Every department that is not archived, by name: what a user can be given. */
export function listAllDepartments(db: Executor): Promise<DepartmentRef[]> {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(isNull(departments.archivedAt))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id));
}

/**
 * Those of the given department ids that exist, each with whether it is archived. Their rows stay key-share locked
 * until commit: archiving one waits for this membership change and then counts it, and a membership change that
 * comes after an archive sees it archived.
 */
export async function lockDepartmentsForMembership(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { archived: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: departments.id, archivedAt: departments.archivedAt })
    .from(departments)
    .where(inArray(departments.id, [...ids]))
    .orderBy(asc(departments.id))
    .for('key share');
  return new Map(rows.map((row) => [row.id, { archived: row.archivedAt !== null }]));
}

/**
 * The user's row, held against `lockUser` until the transaction ends: a token issued for a session meanwhile is either
 * committed before a password change or deactivation revokes the user's sessions, or issued after it and refused. The
 * ordinary updates of a user's row (their last department) do not wait for it.
 */
export async function findUserForSession(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('key share');
  return row;
}

/** The user's row, locked until the transaction ends, so that two changes of one user are decided in turn. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The ids of the active administrators, their rows locked: two administrators demoting or deactivating one
 * another at the same moment are decided one after the other, so that one of them always remains.
 */
export async function lockActiveAdministrators(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'administrator'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Sets what an administrator edits on a user (not the password, status or token version). */
export async function updateUserFields(
  db: Executor,
  id: string,
  fields: Pick<UserFields, 'email' | 'name' | 'role' | 'amoId' | 'managementType'>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Activates or deactivates a user. Deactivation also bumps the token version, so that access tokens issued
 * before fail even where a session check would not reach (the caller ends the refresh tokens as well).
 */
export async function setUserStatus(db: Executor, id: string, status: UserStatus): Promise<void> {
  await db
    .update(users)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status === 'disabled' && { tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, id));
}

/**
 * Gives a user a temporary password, which they must replace at their next sign-in, and bumps their token version so
 * that access tokens issued before fail (the caller ends the refresh tokens as well).
 */
export async function setTemporaryPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}
