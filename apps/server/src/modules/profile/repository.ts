import {
  type Colleague,
  DEFAULT_AVATAR_PATH,
  type Locale,
  type SocialProfiles,
  socialProfilesOf,
  type ThemeSetting,
} from '@cm/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userDepartments, users } from '../../db/schema/index.js';

export type AccountRow = typeof users.$inferSelect;

/** The caller's own row, locked until the transaction ends, so that two changes of one account go in turn. */
export async function lockAccount(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Sets what a person changes on their own account; their access is unchanged, so their tokens stay valid. */
export async function updateAccount(
  db: Executor,
  userId: string,
  {
    socialProfiles,
    ...fields
  }: { name?: string; locale?: Locale | null; theme?: ThemeSetting | null; socialProfiles?: SocialProfiles },
): Promise<void> {
  // Only the networks a person has are stored.
  const profiles =
    socialProfiles &&
    Object.fromEntries(
      Object.entries(socialProfiles).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  await db
    .update(users)
    .set({ ...fields, socialProfiles: profiles, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Stores a password the person chose, which replaces a temporary one. The token version stays: the session that
 * changed it carries on.
 */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The active members of a department but one person, by name: what every member may see of the others. */
export async function listColleagues(db: Executor, departmentId: string, exceptUserId: string): Promise<Colleague[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      email: users.email,
      avatar: users.avatar,
      socialProfiles: users.socialProfiles,
    })
    .from(users)
    .innerJoin(userDepartments, eq(userDepartments.userId, users.id))
    .where(and(eq(userDepartments.departmentId, departmentId), eq(users.status, 'active'), ne(users.id, exceptUserId)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({
    ...row,
    avatar: row.avatar ?? DEFAULT_AVATAR_PATH,
    socialProfiles: socialProfilesOf(row.socialProfiles),
  }));
}

/** Sets the avatar's path; null stands for the bundled default. */
export async function setAvatar(db: Executor, userId: string, avatar: string | null): Promise<void> {
  await db.update(users).set({ avatar, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
