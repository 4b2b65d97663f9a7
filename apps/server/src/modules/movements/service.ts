import { randomUUID } from 'node:crypto';
import {
  fitsUnit,
  fromThousandths,
  type Movement,
  type MovementRequest,
  type PostingResponse,
  toThousandths,
  type Unit,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows, type Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { isoTime } from '../../lib/sql-filters.js';
import { availableStock, changeBalance, changeDepartmentTotal, guardOverflow, lockStock } from './balances.js';
import { claimKey, earlierResponse, type IdempotentRequest, rememberResponse, storedResponse } from './idempotency.js';
import { findMovement } from './repository.js';

export type Poster = { userId: string; departmentId: string };

/** What a posting writes to the ledger; `from` loses and `to` gains `quantity`. */
type Entry = {
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

/**
 * What the response names besides the ids the ledger row holds, read before posting: the component, the
 * poster and the paths of the locations (of the department) the request names.
 */
type Names = {
  sku: string;
  componentName: string;
  unit: Unit;
  userName: string;
  paths: Map<string, string>;
  reversalOfNumber: number | null;
  /** The transaction's time, which the ledger row gets too (`now()` is fixed for a transaction). */
  postedAt: string;
};

type Facts = { names: Names; archived: boolean; defaultUnitCostMinor: number };

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
 * The component a request posts, the poster's name and the request's locations, read with the key's claim;
 * null when an earlier request holds the key. Every location must belong to the poster's department;
 * another department's looks like no location.
 *
 * The component's row is share-locked until commit, so its unit and archived state stay as checked here: an
 * edit or an import that changes them waits for this posting and then sees its movement (ADR 0019). Postings
 * share the lock with each other; the movement's foreign key takes a weaker one on the same row anyway.
 */
async function factsFor(
  tx: Transaction,
  poster: Poster,
  idempotency: IdempotentRequest | null,
  componentId: string,
  locationIds: string[],
): Promise<Facts | null> {
  const rows = await queryRows<{
    claimed: boolean;
    sku: string | null;
    name: string;
    unit: Unit;
    archived: boolean;
    default_unit_cost_minor: string | number;
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
               c.default_unit_cost_minor, u.name as user_name, l.id as location_id, l.path as location_path,
               now() as posted_at
        from users u
        left join (select * from components where id = ${componentId} for share) c on true
        left join locations l on c.id is not null and l.department_id = ${poster.departmentId} and l.id in (${sql.join(
          locationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        where u.id = ${poster.userId}`,
    ),
  );
  const [row] = rows;
  if (!row) throw new Error('the poster has no user row');
  if (!row.claimed) return null;
  if (row.sku === null) throw new AppError('NOT_FOUND', { detail: 'No such component.' });
  const paths = new Map<string, string>();
  for (const { location_id, location_path } of rows) {
    if (location_id !== null && location_path !== null) paths.set(location_id, location_path);
  }
  return {
    names: {
      sku: row.sku,
      componentName: row.name,
      unit: row.unit,
      userName: row.user_name,
      paths,
      reversalOfNumber: null,
      postedAt: isoTime(row.posted_at),
    },
    archived: row.archived,
    defaultUnitCostMinor: Number(row.default_unit_cost_minor),
  };
}

function requireLocations(facts: Facts, ids: string[]): void {
  if (!ids.every((id) => facts.names.paths.has(id))) throw new AppError('NOT_FOUND', { detail: 'No such location.' });
}

function requireWhole(quantity: string, unit: Unit): void {
  if (!fitsUnit(quantity, unit)) throw new AppError('QUANTITY_NOT_WHOLE');
}

/**
 * The posting's movement as the server knows it before recording: all but its number, which the database
 * assigns, and its quantity, which `record` shows as the ledger stores it ("007.50" is "7.5").
 */
function responseTemplate(poster: Poster, entry: Entry, names: Names): Omit<Movement, 'number' | 'quantity'> {
  const place = (id: string | null) => (id ? { id, path: names.paths.get(id) ?? '' } : null);
  return {
    id: randomUUID(),
    type: entry.type,
    componentId: entry.componentId,
    sku: names.sku,
    componentName: names.componentName,
    unit: names.unit,
    from: place(entry.from),
    to: place(entry.to),
    unitCostMinor: entry.unitCostMinor,
    reference: entry.reference,
    note: entry.note,
    user: { id: poster.userId, name: names.userName },
    createdAt: names.postedAt,
    reversalOfId: entry.reversalOfId,
    reversalOfNumber: names.reversalOfNumber,
    reversedById: null,
    origin: null,
  };
}

/**
 * Applies an entry to the balances, appends it to the ledger and makes the posting's response, in one
 * statement: each balance change, the department total and the movement are CTEs, each run only after the
 * balance change before it changed its row (see balances.ts). Balances are changed in the order of their
 * location ids, so two transfers in opposite directions lock rows in the same order and never deadlock. A
 * take that finds too little stops the rest, and the statement returns no row.
 *
 * The response is built in the statement from the template and what the database assigned, and kept for the
 * Idempotency-Key there too: a posting is then a round trip shorter, and a replay answers with exactly the
 * same JSON. Quantities are shown as the API shows them, without trailing zeros (`trim_scale` does in SQL
 * what `formatQuantity` does in TypeScript).
 */
async function record(
  tx: Transaction,
  poster: Poster,
  entry: Entry,
  names: Names,
  idempotency: IdempotentRequest | null,
): Promise<PostingResponse> {
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
  const template = responseTemplate(poster, entry, names);
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
  const [posted] = await guardOverflow(() =>
    queryRows<{ response: unknown }>(tx, sql`with ${sql.join(parts, sql`, `)} select response from posted`),
  );
  if (!posted) {
    if (!entry.from) throw new Error('a posting that only adds stock changed no balance');
    throw new AppError('INSUFFICIENT_STOCK', { available: await availableStock(tx, place(entry.from)) });
  }
  return storedResponse(posted.response);
}

/**
 * Turns a request into the ledger entry it stands for, checking it against the component and the
 * balances; with the names its response needs. Null when an earlier request holds the Idempotency-Key.
 */
async function entryFor(
  tx: Transaction,
  poster: Poster,
  idempotency: IdempotentRequest | null,
  request: z.output<typeof MovementRequest>,
): Promise<{ entry: Entry; names: Names } | null> {
  const locationIds =
    request.type === 'transfer' ? [request.fromLocationId, request.toLocationId] : [request.locationId];
  const component = await factsFor(tx, poster, idempotency, request.componentId, locationIds);
  if (!component) return null;
  if (component.archived) throw new AppError('COMPONENT_ARCHIVED');
  const { unit } = component.names;
  const common = {
    componentId: request.componentId,
    reference: request.reference,
    note: request.note,
    reversalOfId: null,
  };
  const entry = async (): Promise<Entry> => {
    switch (request.type) {
      case 'receipt':
        requireWhole(request.quantity, unit);
        requireLocations(component, locationIds);
        return {
          ...common,
          type: 'receipt',
          quantity: request.quantity,
          from: null,
          to: request.locationId,
          unitCostMinor: request.unitCostMinor ?? component.defaultUnitCostMinor,
        };
      case 'issue':
        requireWhole(request.quantity, unit);
        requireLocations(component, locationIds);
        return {
          ...common,
          type: 'issue',
          quantity: request.quantity,
          from: request.locationId,
          to: null,
          unitCostMinor: null,
        };
      case 'transfer':
        requireWhole(request.quantity, unit);
        if (request.fromLocationId === request.toLocationId) throw new AppError('SAME_LOCATION');
        requireLocations(component, locationIds);
        return {
          ...common,
          type: 'transfer',
          quantity: request.quantity,
          from: request.fromLocationId,
          to: request.toLocationId,
          unitCostMinor: null,
        };
      case 'adjustment': {
        requireWhole(request.countedQuantity, unit);
        requireLocations(component, locationIds);
        // The balance stays locked until commit, so the recorded difference is against the quantity really on hand.
        const recorded = await lockStock(tx, {
          ...poster,
          componentId: request.componentId,
          locationId: request.locationId,
        });
        const difference = toThousandths(request.countedQuantity) - toThousandths(recorded);
        if (difference === 0n) throw new AppError('ADJUSTMENT_UNCHANGED');
        const quantity = fromThousandths(difference < 0n ? -difference : difference);
        return {
          ...common,
          type: 'adjustment',
          quantity,
          from: difference < 0n ? request.locationId : null,
          to: difference > 0n ? request.locationId : null,
          unitCostMinor: null,
        };
      }
    }
  };
  return { entry: await entry(), names: component.names };
}

/**
 * Runs a posting in one transaction, retried on conflicts, applied once per Idempotency-Key: `post` claims
 * the key in its first statement and keeps its response in its last; it answers null when an earlier request
 * holds the key, whose response is then returned instead.
 */
async function inTransaction(
  db: Database,
  idempotency: IdempotentRequest | null,
  post: (tx: Transaction) => Promise<PostingResponse | null>,
): Promise<PostingResponse> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const response = await post(tx);
      if (response) return response;
      if (!idempotency) throw new Error('a posting without an Idempotency-Key always holds its claim');
      return earlierResponse(tx, idempotency);
    }),
  );
}

/** The stock ledger: every change of stock goes through here. */
export function movementService(db: Database) {
  return {
    /** Posts a receipt, issue, transfer or adjustment. */
    post(poster: Poster, request: z.output<typeof MovementRequest>, idempotencyKey: string | null) {
      const idempotency = idempotencyKey
        ? { userId: poster.userId, key: idempotencyKey, fingerprint: ['post', poster.departmentId, request] }
        : null;
      return inTransaction(db, idempotency, async (tx) => {
        const prepared = await entryFor(tx, poster, idempotency, request);
        return prepared && record(tx, poster, prepared.entry, prepared.names, idempotency);
      });
    },

    /** Posts the exact opposite of an earlier movement, linked to it; a movement is reversed at most once. */
    async reverse(poster: Poster, movementId: string, note: string, idempotencyKey: string | null) {
      const idempotency = idempotencyKey
        ? {
            userId: poster.userId,
            key: idempotencyKey,
            fingerprint: ['reverse', poster.departmentId, movementId, note],
          }
        : null;
      try {
        return await inTransaction(db, idempotency, async (tx) => {
          // Reversals of one movement queue here, so the second sees the first and answers ALREADY_REVERSED
          // instead of failing on the stock the first one already moved. (A row lock fires no trigger.)
          const [locked] = await queryRows<{
            claimed: boolean;
            user_name: string;
            movement_id: string | null;
            posted_at: Date | string;
          }>(
            tx,
            firstStatement(
              idempotency,
              (claimed) => sql`select ${claimed} as claimed, u.name as user_name, now() as posted_at,
                       (select id from movements where id = ${movementId} and department_id = ${poster.departmentId}
                        for update) as movement_id
                from users u where u.id = ${poster.userId}`,
            ),
          );
          if (!locked) throw new Error('the poster has no user row');
          if (!locked.claimed) return null;
          const original = locked.movement_id && (await findMovement(tx, poster.departmentId, movementId));
          if (!original) throw new AppError('NOT_FOUND');
          if (original.type === 'reversal') throw new AppError('REVERSAL_NOT_REVERSIBLE');
          if (original.reversedById) throw new AppError('ALREADY_REVERSED');
          const paths = new Map(
            [original.from, original.to].flatMap((place) => (place ? [[place.id, place.path]] : [])),
          );
          const entry: Entry = {
            type: 'reversal',
            componentId: original.componentId,
            quantity: original.quantity,
            from: original.to?.id ?? null,
            to: original.from?.id ?? null,
            unitCostMinor: null,
            reference: original.reference,
            note,
            reversalOfId: original.id,
          };
          const names: Names = {
            sku: original.sku,
            componentName: original.componentName,
            unit: original.unit,
            userName: locked.user_name,
            paths,
            reversalOfNumber: original.number,
            postedAt: isoTime(locked.posted_at),
          };
          return record(tx, poster, entry, names, idempotency);
        });
      } catch (error) {
        // Two reversals racing: the unique link lets one through and refuses the other here.
        if (isUniqueViolation(error, 'movements_reversal_of_unique')) throw new AppError('ALREADY_REVERSED');
        throw error;
      }
    },
  };
}
