import { DEFAULT_AVATAR_PATH, type DepartmentRef, type User } from '@cm/contract';
import { asc, eq, sql } from 'drizzle-orm';
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
