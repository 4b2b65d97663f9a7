import type { AdministeredDepartment, DepartmentStatus } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import { isoTime } from '../../lib/sql-filters.js';

type DepartmentRow = {
  id: string;
  name: string;
  members: number;
  sole_members: number;
  holds_stock: boolean;
  archived_at: Date | string | null;
  created_at: Date | string;
};

// A member is "sole" when no other department of theirs is active: archiving this one would leave them none.
const SELECT_DEPARTMENT = sql`
  select d.id, d.name, d.archived_at, d.created_at,
         (select count(*)::int from user_departments ud where ud.department_id = d.id) as members,
         (select count(*)::int from user_departments ud
           where ud.department_id = d.id
             and not exists (select 1 from user_departments other join departments od on od.id = other.department_id
                             where other.user_id = ud.user_id and other.department_id <> d.id
                               and od.archived_at is null)) as sole_members,
         exists (select 1 from stock_balances b where b.department_id = d.id and b.quantity <> 0) as holds_stock
  from departments d`;

function toDepartment(row: DepartmentRow): AdministeredDepartment {
  return {
    id: row.id,
    name: row.name,
    members: Number(row.members),
    soleMembers: Number(row.sole_members),
    holdsStock: row.holds_stock,
    status: row.archived_at === null ? 'active' : 'archived',
    archivedAt: row.archived_at === null ? null : isoTime(row.archived_at),
    createdAt: isoTime(row.created_at),
  };
}

/** Every department of the status asked for (both without one), by name. */
export async function listDepartments(db: Executor, status?: DepartmentStatus): Promise<AdministeredDepartment[]> {
  const where: SQL =
    status === undefined
      ? sql`true`
      : status === 'active'
        ? sql`d.archived_at is null`
        : sql`d.archived_at is not null`;
  const rows = await queryRows<DepartmentRow>(
    db,
    sql`${SELECT_DEPARTMENT} where ${where} order by lower(d.name), d.id`,
  );
  return rows.map(toDepartment);
}

export async function findDepartment(db: Executor, id: string): Promise<AdministeredDepartment | null> {
  const [row] = await queryRows<DepartmentRow>(db, sql`${SELECT_DEPARTMENT} where d.id = ${id}`);
  return row ? toDepartment(row) : null;
}

/** The department that has this name whatever its letter case, archived or not, other than `exceptId`. */
export async function findDepartmentNamed(db: Executor, name: string, exceptId: string | null): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from departments where lower(name) = lower(${name}) and id is distinct from ${exceptId}::uuid`,
  );
  return row?.id ?? null;
}

export async function insertDepartment(db: Executor, name: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`insert into departments (name) values (${name}) returning id`);
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

/**
 * The department's name and archived state, its row locked until commit. `archive` takes the lock postings,
 * imports and new memberships wait for (they key-share the row while they check that it is not archived), so
 * the stock and members it counts next cannot change under it; a rename needs no more than `rename`.
 */
export async function lockDepartment(
  tx: Transaction,
  id: string,
  purpose: 'archive' | 'rename',
): Promise<{ name: string; archived: boolean } | undefined> {
  const mode = purpose === 'archive' ? sql`for update` : sql`for no key update`;
  const [row] = await queryRows<{ name: string; archived: boolean }>(
    tx,
    sql`select name, archived_at is not null as archived from departments where id = ${id} ${mode}`,
  );
  return row;
}

/**
 * Archiving and restoring are decided one at a time: two departments archived at once could each count a member
 * of both as still having the other, and leave them with none.
 */
export async function takeArchiveTurn(tx: Transaction): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('departments:archive'))`);
}

/** What stops a department being archived: stock at its locations, members with no other active department. */
export async function archiveBlockers(
  tx: Transaction,
  id: string,
): Promise<{ holdsStock: boolean; soleMembers: number }> {
  const department = await findDepartment(tx, id);
  if (!department) throw new Error('a locked department was not found');
  return { holdsStock: department.holdsStock, soleMembers: department.soleMembers };
}

export async function renameDepartment(db: Executor, id: string, name: string): Promise<void> {
  await queryRows(db, sql`update departments set name = ${name} where id = ${id}`);
}

export async function setArchived(db: Executor, id: string, archived: boolean): Promise<void> {
  await queryRows(db, sql`update departments set archived_at = ${archived ? sql`now()` : sql`null`} where id = ${id}`);
}

/**
 * Whether the department is archived, its row key-share locked until commit as a posting locks it: a write of its
 * stock that calls this first waits for an archive in progress and then sees it, or goes first and is counted by it.
 */
export async function lockDepartmentForStock(tx: Transaction, id: string): Promise<{ archived: boolean }> {
  const [row] = await queryRows<{ archived: boolean }>(
    tx,
    sql`select archived_at is not null as archived from departments where id = ${id} for key share`,
  );
  return { archived: row?.archived ?? false };
}
