import type { ManagementType, Role } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { recordAudit } from '../audit/repository.js';
import { rematchManagers } from '../sales-sync/leads.js';
import { revokeAllSessions } from '../sessions/repository.js';
import { ensureDepartments, findUserByEmail, insertUser, overwriteUser, replaceMemberships } from './repository.js';

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
    await overwriteUser(db, id, {
      role: input.role,
      passwordHash,
      ...(input.name && { name: input.name }),
      ...(input.amoId !== undefined && { amoId: input.amoId }),
      ...(input.managementType !== undefined && { managementType: input.managementType }),
    });
    await revokeAllSessions(db, id);
  } else {
    id = await insertUser(db, {
      email,
      name: input.name ?? email.split('@')[0] ?? email,
      role: input.role,
      passwordHash,
      amoId: input.amoId ?? null,
      managementType: input.managementType ?? null,
    });
  }
  if (input.departments) {
    await replaceMemberships(db, id, await ensureDepartments(db, input.departments));
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
