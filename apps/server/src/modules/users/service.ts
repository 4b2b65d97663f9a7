import type { ManagementType, Role } from '@cm/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments, userDepartments, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/repository.js';
import { rematchManagers } from '../sales-sync/leads.js';
import { revokeAllSessions } from '../sessions/repository.js';
import { findUserByEmail } from './repository.js';

export type UpsertUserInput = {
  email: string;
  password: string;
  role: Role;
  name?: string | undefined;
  /** Department names; missing departments are created. Given → replaces the user's memberships. */
  departments?: string[] | undefined;
  amoId?: number | null | undefined;
  managementType?: ManagementType | null | undefined;
};

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

/**
 * Creates a user, or updates the one with this e-mail (any letter case). An update sets a new password
 * and ends the user's current sessions: their access tokens (token version) and refresh tokens alike.
 */
export async function upsertUser(db: Executor, input: UpsertUserInput): Promise<{ id: string; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  const email = input.email.trim();
  let id: string;
  if (existing) {
    id = existing.id;
    await db
      .update(users)
      .set({
        role: input.role,
        passwordHash,
        ...(input.name && { name: input.name }),
        ...(input.amoId !== undefined && { amoId: input.amoId }),
        ...(input.managementType !== undefined && { managementType: input.managementType }),
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    await revokeAllSessions(db, id);
  } else {
    const [created] = await db
      .insert(users)
      .values({
        email,
        name: input.name ?? email.split('@')[0] ?? email,
        role: input.role,
        passwordHash,
        amoId: input.amoId ?? null,
        managementType: input.managementType ?? null,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    id = created.id;
  }
  if (input.departments) {
    const departmentIds = await ensureDepartments(db, input.departments);
    await db.delete(userDepartments).where(eq(userDepartments.userId, id));
    if (departmentIds.length > 0) {
      await db.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: id, departmentId })));
    }
  }
  // Leads follow their manager's AMO ID and first department at once, not only after the next sync.
  if (input.amoId !== undefined || input.departments) await rematchManagers(db);
  await recordAudit(db, {
    action: existing ? 'user.updated' : 'user.created',
    subjectUserId: id,
    details: { role: input.role, departments: input.departments ?? null, via: 'operator' },
  });
  return { id, created: !existing };
}
