import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRecord = {
  action: string;
  actorUserId?: string | null;
  subjectUserId?: string | null;
  departmentId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/** Appends one entry to the audit log; it never holds passwords or tokens. */
export async function recordAudit(db: Executor, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    departmentId: entry.departmentId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
