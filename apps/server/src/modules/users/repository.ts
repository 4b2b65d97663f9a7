import { DEFAULT_AVATAR_PATH, type DepartmentRef, type User } from '@cm/contract';
import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments, userDepartments, users } from '../../db/schema/index.js';

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

/** Returns the ids of the named departments, creating those that do not exist yet. */
export async function ensureDepartments(db: Executor, names: string[]): Promise<string[]> {
  const unique = [...new Map(names.map((name) => [name.trim().toLowerCase(), name.trim()])).values()];
  if (unique.length === 0) return [];
  await db
    .insert(departments)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      inArray(
        sql`lower(${departments.name})`,
        unique.map((name) => name.toLowerCase()),
      ),
    );
  return rows.map((row) => row.id);
}

/** What an operator sets on a user. */
type UserFields = Pick<
  typeof users.$inferInsert,
  'email' | 'name' | 'role' | 'passwordHash' | 'amoId' | 'managementType'
>;

/** Adds a user and returns their id. */
export async function insertUser(db: Executor, fields: UserFields): Promise<string> {
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

/** Makes the given departments a user's only memberships. */
export async function replaceMemberships(db: Executor, userId: string, departmentIds: string[]): Promise<void> {
  await db.delete(userDepartments).where(eq(userDepartments.userId, userId));
  if (departmentIds.length > 0) {
    await db.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId, departmentId })));
  }
}

/** Keeps the department a user works in, where the next sign-in resumes. */
export async function rememberLastDepartment(db: Executor, userId: string, departmentId: string | null): Promise<void> {
  await db.update(users).set({ lastDepartmentId: departmentId }).where(eq(users.id, userId));
}

/** Departments the user belongs to, by name. */
export function listMemberships(db: Executor, userId: string): Promise<DepartmentRef[]> {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(eq(userDepartments.userId, userId))
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
  };
}
