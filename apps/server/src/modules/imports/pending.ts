import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import type { ImportKind } from '../../db/schema/stock.js';
import { AppError } from '../../lib/app-error.js';
import { inJsonList } from './checked-table.js';

const PENDING_LIFETIME = sql`interval '1 hour'`;

/** Who uploaded or previewed an import: only they, in the same department (components) or none (sales data), use it. */
export type ImportOwner = { userId: string; departmentId: string | null };

/**
 * Keeps what an import goes on from (a file's table, or its rows as mapped and checked) for an hour, and returns
 * the id to find it by. Expired imports of everyone are removed on the way.
 */
export async function keepPendingImport(
  db: Executor,
  kind: ImportKind,
  owner: ImportOwner,
  content: unknown,
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into pending_imports (kind, user_id, department_id, rows)
        values (${kind}, ${owner.userId}, ${owner.departmentId}, ${JSON.stringify(content)}::jsonb) returning id`,
  );
  await queryRows(db, sql`delete from pending_imports where created_at < now() - ${PENDING_LIFETIME}`);
  if (!row) throw new Error('the pending import cannot be read back');
  return row.id;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', { detail: 'No such import, or it expired; upload the file again.' });
}

function contentOf<Content>(rows: unknown): Content {
  return (typeof rows === 'string' ? JSON.parse(rows) : rows) as Content;
}

/**
 * Takes a pending import out of the store inside the commit's transaction, so it is committed at most
 * once. NOT_FOUND when it does not exist, expired, belongs to someone else or is of a kind the caller
 * does not commit (a components import id given to the sales import, say).
 */
export async function takePendingImport<Kind extends ImportKind, Content = string[][]>(
  tx: Transaction,
  kinds: readonly Kind[],
  owner: ImportOwner,
  importId: string,
): Promise<{ kind: Kind; content: Content }> {
  const [pending] = await queryRows<{ kind: Kind; rows: unknown }>(
    tx,
    sql`delete from pending_imports
        where id = ${importId} and kind in ${inJsonList(kinds)} and user_id = ${owner.userId}
          and department_id is not distinct from ${owner.departmentId}::uuid
          and created_at >= now() - ${PENDING_LIFETIME}
        returning kind, rows`,
  );
  if (!pending) throw notFound();
  return { kind: pending.kind, content: contentOf(pending.rows) };
}

/** Reads a pending import and leaves it in the store: an uploaded file is mapped as often as its user tries. */
export async function readPendingImport<Content>(
  db: Executor,
  kind: ImportKind,
  owner: ImportOwner,
  importId: string,
): Promise<Content> {
  const [pending] = await queryRows<{ rows: unknown }>(
    db,
    sql`select rows from pending_imports
        where id = ${importId} and kind = ${kind} and user_id = ${owner.userId}
          and department_id is not distinct from ${owner.departmentId}::uuid
          and created_at >= now() - ${PENDING_LIFETIME}`,
  );
  if (!pending) throw notFound();
  return contentOf(pending.rows);
}
