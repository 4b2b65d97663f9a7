import type { MovementRequest, PostingResponse, Unit } from '@cm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows, type Transaction } from '../../db/client.js';
import { isUniqueViolation, retryOnConflict } from '../../lib/database-errors.js';
import { fitsUnit, fromThousandths, toThousandths } from '../../lib/quantity.js';
import { AppError } from '../../plugins/errors.js';
import { addStock, changeDepartmentTotal, lockStock, takeStock } from './balances.js';
import { claimKey, type IdempotentRequest, rememberResponse } from './idempotency.js';
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

type ComponentFacts = { unit: Unit; archived: boolean; defaultUnitCostMinor: number };

async function componentFacts(tx: Transaction, componentId: string): Promise<ComponentFacts> {
  const [row] = await queryRows<{ unit: Unit; archived: boolean; default_unit_cost_minor: string | number }>(
    tx,
    sql`select unit, archived_at is not null as archived, default_unit_cost_minor from components where id = ${componentId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', { detail: 'No such component.' });
  return { unit: row.unit, archived: row.archived, defaultUnitCostMinor: Number(row.default_unit_cost_minor) };
}

/** Every location must belong to the poster's department; another department's looks like no location. */
async function requireLocations(tx: Transaction, departmentId: string, ids: string[]): Promise<void> {
  const found = await queryRows<{ id: string }>(
    tx,
    sql`select id from locations where department_id = ${departmentId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND', { detail: 'No such location.' });
}

function requireWhole(quantity: string, unit: Unit): void {
  if (!fitsUnit(quantity, unit)) throw new AppError('QUANTITY_NOT_WHOLE');
}

/**
 * Applies an entry to the balances and appends it to the ledger. Balances are changed in the order of
 * their location ids, so two transfers in opposite directions lock rows in the same order and never
 * deadlock.
 */
async function record(tx: Transaction, poster: Poster, entry: Entry) {
  const place = (locationId: string) => ({
    departmentId: poster.departmentId,
    componentId: entry.componentId,
    locationId,
  });
  const changes = [
    ...(entry.from ? [{ locationId: entry.from, take: true }] : []),
    ...(entry.to ? [{ locationId: entry.to, take: false }] : []),
  ].sort((a, b) => a.locationId.localeCompare(b.locationId));
  const balances: PostingResponse['balances'] = [];
  for (const change of changes) {
    const quantity = change.take
      ? await takeStock(tx, place(change.locationId), entry.quantity)
      : await addStock(tx, place(change.locationId), entry.quantity);
    balances.push({ locationId: change.locationId, quantity });
  }
  if (!entry.from || !entry.to) {
    await changeDepartmentTotal(
      tx,
      { departmentId: poster.departmentId, componentId: entry.componentId },
      { quantity: entry.quantity, direction: entry.from ? 'out' : 'in' },
    );
  }
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into movements (type, department_id, component_id, quantity, from_location_id, to_location_id,
                               unit_cost_minor, reference, note, user_id, reversal_of_id)
        values (${entry.type}, ${poster.departmentId}, ${entry.componentId}, ${entry.quantity}, ${entry.from}, ${entry.to},
                ${entry.unitCostMinor}, ${entry.reference}, ${entry.note}, ${poster.userId}, ${entry.reversalOfId})
        returning id`,
  );
  const movement = inserted && (await findMovement(tx, poster.departmentId, inserted.id));
  if (!movement) throw new Error('the movement just posted cannot be read back');
  // The source location first, then the destination, whatever order the rows were locked in.
  balances.sort((a) => (a.locationId === entry.from ? -1 : 1));
  return { movement, balances };
}

/** Turns a request into the ledger entry it stands for, checking it against the component and the balances. */
async function entryFor(tx: Transaction, poster: Poster, request: z.output<typeof MovementRequest>): Promise<Entry> {
  const component = await componentFacts(tx, request.componentId);
  if (component.archived) throw new AppError('COMPONENT_ARCHIVED');
  const common = {
    componentId: request.componentId,
    reference: request.reference,
    note: request.note,
    reversalOfId: null,
  };
  switch (request.type) {
    case 'receipt':
      requireWhole(request.quantity, component.unit);
      await requireLocations(tx, poster.departmentId, [request.locationId]);
      return {
        ...common,
        type: 'receipt',
        quantity: request.quantity,
        from: null,
        to: request.locationId,
        unitCostMinor: request.unitCostMinor ?? component.defaultUnitCostMinor,
      };
    case 'issue':
      requireWhole(request.quantity, component.unit);
      await requireLocations(tx, poster.departmentId, [request.locationId]);
      return {
        ...common,
        type: 'issue',
        quantity: request.quantity,
        from: request.locationId,
        to: null,
        unitCostMinor: null,
      };
    case 'transfer':
      requireWhole(request.quantity, component.unit);
      if (request.fromLocationId === request.toLocationId) throw new AppError('SAME_LOCATION');
      await requireLocations(tx, poster.departmentId, [request.fromLocationId, request.toLocationId]);
      return {
        ...common,
        type: 'transfer',
        quantity: request.quantity,
        from: request.fromLocationId,
        to: request.toLocationId,
        unitCostMinor: null,
      };
    case 'adjustment': {
      requireWhole(request.countedQuantity, component.unit);
      await requireLocations(tx, poster.departmentId, [request.locationId]);
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
}

/** Runs a posting in one transaction, retried on conflicts, applied once per Idempotency-Key. */
async function inTransaction(
  db: Database,
  idempotency: IdempotentRequest | null,
  post: (tx: Transaction) => Promise<PostingResponse>,
): Promise<PostingResponse> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      if (idempotency) {
        const earlier = await claimKey(tx, idempotency);
        if (earlier) return earlier;
      }
      const response = await post(tx);
      if (idempotency) await rememberResponse(tx, idempotency, response);
      return response;
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
      return inTransaction(db, idempotency, async (tx) => record(tx, poster, await entryFor(tx, poster, request)));
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
          await queryRows(
            tx,
            sql`select id from movements where id = ${movementId} and department_id = ${poster.departmentId} for update`,
          );
          const original = await findMovement(tx, poster.departmentId, movementId);
          if (!original) throw new AppError('NOT_FOUND');
          if (original.type === 'reversal') throw new AppError('REVERSAL_NOT_REVERSIBLE');
          if (original.reversedById) throw new AppError('ALREADY_REVERSED');
          return record(tx, poster, {
            type: 'reversal',
            componentId: original.componentId,
            quantity: original.quantity,
            from: original.to?.id ?? null,
            to: original.from?.id ?? null,
            unitCostMinor: null,
            reference: original.reference,
            note,
            reversalOfId: original.id,
          });
        });
      } catch (error) {
        // Two reversals racing: the unique link lets one through and refuses the other here.
        if (isUniqueViolation(error, 'movements_reversal_of_unique')) throw new AppError('ALREADY_REVERSED');
        throw error;
      }
    },
  };
}
