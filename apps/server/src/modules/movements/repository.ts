import {
  formatQuantity,
  type Movement,
  type MovementFilters,
  type MovementOrigin,
  type MovementType,
  type PostingResponse,
  type Unit,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import { allOf, filtersBeyond, inSubtree, isoTime, pageOf } from '../../lib/sql-filters.js';
import { withNarrowingLocation } from '../locations/repository.js';
import { changeBalance, changeDepartmentTotal } from './balances.js';
import { claimKey, type IdempotentRequest, rememberResponse, storedResponse } from './idempotency.js';

/** Who posts: the user, in the department they work in. */
export type Poster = { userId: string; departmentId: string };

/** What a posting writes to the ledger; `from` loses and `to` gains `quantity`. */
export type Entry = {
  type: 'receipt' | 'issue' | 'transfer' | 'adjustment' | 'reversal';
  componentId: string;
  quantity: string;
  from: string | null;
  to: string | null;
  unitCostMinor: number | null;
  reference: string;
  note: string;
  reversalOfId: string | null;
};

export type MovementRow = {
  id: string;
  number: string | number;
  type: MovementType;
  component_id: string;
  sku: string;
  component_name: string;
  unit: Unit;
  quantity: string;
  from_location_id: string | null;
  from_path: string | null;
  to_location_id: string | null;
  to_path: string | null;
  unit_cost_minor: string | number | null;
  reference: string;
  note: string;
  user_id: string;
  user_name: string;
  created_at: Date | string;
  reversal_of_id: string | null;
  reversal_of_number: string | number | null;
  reversed_by_id: string | null;
  origin: MovementOrigin | null;
};

const SELECT_MOVEMENT = sql`
  select m.id, m.number, m.type, m.component_id, c.sku, c.name as component_name, c.unit, m.quantity,
         m.from_location_id, fl.path as from_path, m.to_location_id, tl.path as to_path, m.unit_cost_minor,
         m.reference, m.note, m.user_id, u.name as user_name, m.created_at, m.reversal_of_id, o.number as reversal_of_number,
         r.id as reversed_by_id, m.origin
  from movements m
  join components c on c.id = m.component_id
  join users u on u.id = m.user_id
  left join locations fl on fl.id = m.from_location_id
  left join locations tl on tl.id = m.to_location_id
  left join movements r on r.reversal_of_id = m.id
  left join movements o on o.id = m.reversal_of_id`;

export function toMovement(row: MovementRow): Movement {
  return {
    id: row.id,
    number: Number(row.number),
    type: row.type,
    componentId: row.component_id,
    sku: row.sku,
    componentName: row.component_name,
    unit: row.unit,
    quantity: formatQuantity(row.quantity),
    from: row.from_location_id ? { id: row.from_location_id, path: row.from_path ?? '' } : null,
    to: row.to_location_id ? { id: row.to_location_id, path: row.to_path ?? '' } : null,
    unitCostMinor: row.unit_cost_minor === null ? null : Number(row.unit_cost_minor),
    reference: row.reference,
    note: row.note,
    user: { id: row.user_id, name: row.user_name },
    createdAt: isoTime(row.created_at),
    reversalOfId: row.reversal_of_id,
    reversalOfNumber: row.reversal_of_number === null ? null : Number(row.reversal_of_number),
    reversedById: row.reversed_by_id,
    origin: row.origin,
  };
}

type Filters = z.output<typeof MovementFilters>;

function whereOf(departmentId: string, filters: Filters, timeZone: string): SQL {
  return allOf([
    sql`m.department_id = ${departmentId}`,
    filters.from ? sql`m.created_at >= (${filters.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    filters.to ? sql`m.created_at < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
    filters.type ? sql`m.type = ${filters.type}` : undefined,
    filters.componentId ? sql`m.component_id = ${filters.componentId}` : undefined,
    filters.userId ? sql`m.user_id = ${filters.userId}` : undefined,
    filters.locationId
      ? sql`(${inSubtree(sql`m.from_location_id`, 'locations', filters.locationId)}
             or ${inSubtree(sql`m.to_location_id`, 'locations', filters.locationId)})`
      : undefined,
  ]);
}

// The sequential number is the ledger's order: unique, and assigned as movements are posted.
function orderOf(filters: Filters): SQL {
  return filters.order === 'asc' ? sql`m.number asc` : sql`m.number desc`;
}

/**
 * The count of the filtered ledger. The whole ledger's is the sum of the department's stock summary slots
 * (migration 0008, ADR 0016): counting a million movements took 100 ms; a filter counts its own rows.
 */
function countOf(departmentId: string, where: SQL, filters: Filters): SQL {
  return filtersBeyond(filters, ['order'])
    ? sql`select count(*)::int as total from movements m where ${where}`
    : sql`select coalesce(sum(movements), 0)::int as total from stock_summary where department_id = ${departmentId}`;
}

/** A movement of the department, or null (also when it belongs to another department). */
export async function findMovement(db: Executor, departmentId: string, id: string): Promise<Movement | null> {
  const [row] = await queryRows<MovementRow>(
    db,
    sql`${SELECT_MOVEMENT} where m.id = ${id} and m.department_id = ${departmentId}`,
  );
  return row ? toMovement(row) : null;
}

/** One page of the department's ledger as filtered, newest first unless asked otherwise. */
export async function listMovements(
  db: Executor,
  departmentId: string,
  given: Filters,
  page: { offset: number; limit: number },
  timeZone: string,
) {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters, timeZone);
  const [rows, count] = await Promise.all([
    queryRows<MovementRow>(db, sql`${SELECT_MOVEMENT} where ${where} order by ${orderOf(filters)} ${pageOf(page)}`),
    queryRows<{ total: number }>(db, countOf(departmentId, where, filters)),
  ]);
  return { items: rows.map(toMovement), total: Number(count[0]?.total ?? 0) };
}

/**
 * The whole filtered ledger for an export, read in batches that continue after the last number seen, so
 * a million rows cost no more per batch than the first thousand and concurrent postings shift nothing.
 */
export async function* allMovements(
  db: Executor,
  departmentId: string,
  given: Filters,
  timeZone: string,
  batchSize = 2000,
): AsyncGenerator<Movement> {
  const filters = await withNarrowingLocation(db, departmentId, given);
  const where = whereOf(departmentId, filters, timeZone);
  let after: number | null = null;
  for (;;) {
    const next: SQL =
      after === null ? sql`true` : filters.order === 'asc' ? sql`m.number > ${after}` : sql`m.number < ${after}`;
    const rows: MovementRow[] = await queryRows<MovementRow>(
      db,
      sql`${SELECT_MOVEMENT} where ${where} and ${next} order by ${orderOf(filters)} limit ${batchSize}`,
    );
    yield* rows.map(toMovement);
    if (rows.length < batchSize) return;
    after = Number(rows[rows.length - 1]?.number);
  }
}

/** People who posted in the department, for the ledger's user filter. */
export async function movementUsers(db: Executor, departmentId: string) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from users u
        where exists (select 1 from movements m where m.user_id = u.id and m.department_id = ${departmentId})
        order by lower(u.name)`,
  );
}

/**
 * The first statement of a posting: `select(claimed)` with the Idempotency-Key's claim folded in, where
 * `claimed` is the SQL condition that this request holds the key (always true without a key).
 */
function firstStatement(idempotency: IdempotentRequest | null, select: (claimed: SQL) => SQL): SQL {
  return idempotency
    ? sql`with ${claimKey(idempotency)} ${select(sql`exists (select 1 from claimed)`)}`
    : select(sql`true`);
}

/**
 * Claims the Idempotency-Key and reads the component, the poster's name and those of the request's locations
 * that belong to the poster's department, in one statement: a row per location found, or one without any.
 *
 * The component's row is share-locked until commit, so its unit and archived state stay as checked: an edit
 * or an import that changes them waits for this posting and then sees its movement (ADR 0019). Postings
 * share the lock with each other; the movement's foreign key takes a weaker one on the same row anyway.
 * The department's row is key-share locked as its foreign keys would lock it, only earlier: archiving the
 * department waits for the posting and counts its stock, and a posting after the archive sees it archived.
 */
export function lockComponentForPosting(
  tx: Transaction,
  poster: Poster,
  idempotency: IdempotentRequest | null,
  componentId: string,
  locationIds: string[],
) {
  return queryRows<{
    claimed: boolean;
    sku: string | null;
    name: string;
    unit: Unit;
    archived: boolean;
    default_unit_cost_minor: string | number;
    department_archived: boolean;
    user_name: string;
    location_id: string | null;
    location_path: string | null;
    posted_at: Date | string;
  }>(
    tx,
    // From the poster's own row, so that there is a row to answer with even for an unknown component.
    firstStatement(
      idempotency,
      (claimed) => sql`select ${claimed} as claimed, c.sku, c.name, c.unit, c.archived_at is not null as archived,
               c.default_unit_cost_minor, d.archived_at is not null as department_archived, u.name as user_name,
               l.id as location_id, l.path as location_path, now() as posted_at
        from users u
        left join (select archived_at from departments where id = ${poster.departmentId} for key share) d on true
        left join (select * from components where id = ${componentId} for share) c on true
        left join locations l on c.id is not null and l.department_id = ${poster.departmentId} and l.id in (${sql.join(
          locationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        where u.id = ${poster.userId}`,
    ),
  );
}

/**
 * Claims the Idempotency-Key, reads the poster's name and locks the movement to reverse (null when the
 * department has no such movement), in one statement. Reversals of one movement queue on that lock, so the
 * second sees the first and answers ALREADY_REVERSED instead of failing on the stock the first one already
 * moved. (A row lock fires no trigger.)
 */
export async function lockMovementForReversal(
  tx: Transaction,
  poster: Poster,
  idempotency: IdempotentRequest | null,
  movementId: string,
) {
  const [locked] = await queryRows<{
    claimed: boolean;
    user_name: string;
    movement_id: string | null;
    department_archived: boolean;
    posted_at: Date | string;
  }>(
    tx,
    // The department's row is key-share locked as for a posting (see lockComponentForPosting).
    firstStatement(
      idempotency,
      (claimed) => sql`select ${claimed} as claimed, u.name as user_name, now() as posted_at,
               coalesce((select archived_at is not null from departments where id = ${poster.departmentId}
                         for key share), false) as department_archived,
               (select id from movements where id = ${movementId} and department_id = ${poster.departmentId}
                for update) as movement_id
        from users u where u.id = ${poster.userId}`,
    ),
  );
  return locked;
}

/**
 * Applies an entry to the balances, appends it to the ledger and makes the posting's response, in one
 * statement: each balance change, the department total and the movement are CTEs, each run only after the
 * balance change before it changed its row (see balances.ts). Balances are changed in the order of their
 * location ids, so two transfers in opposite directions lock rows in the same order and never deadlock. A
 * take that finds too little stops the rest, and the statement returns no row: the answer is then null.
 *
 * The response is built in the statement from the template and what the database assigned, and kept for the
 * Idempotency-Key there too: a posting is then a round trip shorter, and a replay answers with exactly the
 * same JSON. Quantities are shown as the API shows them, without trailing zeros (`trim_scale` does in SQL
 * what `formatQuantity` does in TypeScript).
 */
export async function recordPosting(
  tx: Transaction,
  poster: Poster,
  entry: Entry,
  template: Omit<Movement, 'number' | 'quantity'>,
  idempotency: IdempotentRequest | null,
): Promise<PostingResponse | null> {
  const place = (locationId: string) => ({
    departmentId: poster.departmentId,
    componentId: entry.componentId,
    locationId,
  });
  const changes = [
    ...(entry.from ? [{ locationId: entry.from, direction: 'take' as const }] : []),
    ...(entry.to ? [{ locationId: entry.to, direction: 'add' as const }] : []),
  ].sort((a, b) => a.locationId.localeCompare(b.locationId));
  const steps = changes.map((_, index) => sql.raw(`change_${index}`));
  const last = steps[steps.length - 1] as SQL;
  const parts: SQL[] = changes.map(
    (change, index) =>
      sql`${steps[index]} as (${changeBalance(place(change.locationId), entry.quantity, change.direction, steps[index - 1] ?? null)})`,
  );
  if (!entry.from || !entry.to) {
    const department = { departmentId: poster.departmentId, componentId: entry.componentId };
    const total = changeDepartmentTotal(department, entry.quantity, entry.from ? 'take' : 'add', last);
    parts.push(sql`department_total as (${total})`);
  }
  parts.push(sql`m as (
    insert into movements (id, type, department_id, component_id, quantity, from_location_id, to_location_id,
                           unit_cost_minor, reference, note, user_id, reversal_of_id)
    select ${template.id}::uuid, ${entry.type}, ${poster.departmentId}::uuid, ${entry.componentId}::uuid,
           ${entry.quantity}::numeric, ${entry.from}::uuid, ${entry.to}::uuid, ${entry.unitCostMinor}::bigint,
           ${entry.reference}, ${entry.note}, ${poster.userId}::uuid, ${entry.reversalOfId}::uuid
    where exists (select 1 from ${last})
    returning number, quantity)`);
  const changed = sql.join(
    steps.map((step) => sql`select location_id, quantity from ${step}`),
    sql` union all `,
  );
  // The source location first, then the destination, whatever order the rows were locked in.
  parts.push(sql`posted as (
    select jsonb_build_object(
             'movement', ${JSON.stringify(template)}::jsonb
                         || jsonb_build_object('number', m.number, 'quantity', trim_scale(m.quantity)::text),
             'balances', (select jsonb_agg(
                                   jsonb_build_object('locationId', b.location_id, 'quantity', trim_scale(b.quantity)::text)
                                   order by b.location_id is not distinct from ${entry.from}::uuid desc)
                          from (${changed}) b)) as response
    from m)`);
  if (idempotency) parts.push(rememberResponse(idempotency, sql`posted`));
  const [posted] = await queryRows<{ response: unknown }>(
    tx,
    sql`with ${sql.join(parts, sql`, `)} select response from posted`,
  );
  return posted ? storedResponse(posted.response) : null;
}
