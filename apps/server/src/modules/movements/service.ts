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
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { isoTime } from '../../lib/sql-filters.js';
import { availableStock, guardOverflow, lockStock } from './balances.js';
import { earlierResponse, type IdempotentRequest } from './idempotency.js';
import {
  type Entry,
  findMovement,
  lockComponentForPosting,
  lockMovementForReversal,
  type Poster,
  recordPosting,
} from './repository.js';

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

type Facts = { names: Names; archived: boolean; departmentArchived: boolean; defaultUnitCostMinor: number };

/**
 * The component a request posts, the poster's name and the request's locations, read with the key's claim;
 * null when an earlier request holds the key. Every location must belong to the poster's department;
 * another department's looks like no location.
 */
async function factsFor(
  tx: Transaction,
  poster: Poster,
  idempotency: IdempotentRequest | null,
  componentId: string,
  locationIds: string[],
): Promise<Facts | null> {
  const rows = await lockComponentForPosting(tx, poster, idempotency, componentId, locationIds);
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
    departmentArchived: row.department_archived,
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
 * assigns, and its quantity, which `recordPosting` shows as the ledger stores it ("007.50" is "7.5").
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
 * Records the entry (see `recordPosting`) and returns the posting's response; INSUFFICIENT_STOCK, with the
 * quantity on hand, when a take found too little.
 */
async function record(
  tx: Transaction,
  poster: Poster,
  entry: Entry,
  names: Names,
  idempotency: IdempotentRequest | null,
): Promise<PostingResponse> {
  const response = await guardOverflow(() =>
    recordPosting(tx, poster, entry, responseTemplate(poster, entry, names), idempotency),
  );
  if (response) return response;
  if (!entry.from) throw new Error('a posting that only adds stock changed no balance');
  const place = { departmentId: poster.departmentId, componentId: entry.componentId, locationId: entry.from };
  throw new AppError('INSUFFICIENT_STOCK', { available: await availableStock(tx, place) });
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
  if (component.departmentArchived) throw new AppError('DEPARTMENT_ARCHIVED');
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
          const locked = await lockMovementForReversal(tx, poster, idempotency, movementId);
          if (!locked) throw new Error('the poster has no user row');
          if (!locked.claimed) return null;
          if (locked.department_archived) throw new AppError('DEPARTMENT_ARCHIVED');
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
