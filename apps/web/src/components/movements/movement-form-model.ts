/**
 * The receipt, issue, transfer and adjustment form without its screen: what was typed, what is wrong with
 * it, what the posting would leave at each location, and the request to post. Pure, so that every rule is
 * tested without a browser; the dialog only shows what this decides.
 */

import { MovementRequest, ReceiptRequest, toThousandths, type Unit } from '@cm/contract';
import type { z } from 'zod';
import { normaliseQuantity, parseMoney } from '../../lib/format';
import type { MovementKind } from './permissions';
import { type QuantityProblem, quantityProblem } from './quantity';

/** What a quick action starts with, e.g. the component and location of a stock row. */
export type MovementPrefill = { componentId?: string; locationId?: string };

/** The form as typed: ids of what was chosen (null until chosen) and the text of each box. */
export type MovementFields = {
  componentId: string | null;
  /** Where stock comes in or goes out; a transfer's source. */
  locationId: string | null;
  /** A transfer's destination. */
  toLocationId: string | null;
  quantity: string;
  unitCost: string;
  reference: string;
  note: string;
};

/** What is wrong with each field, as a code the dialog puts in words; a field without a problem is absent. */
export type MovementProblems = {
  componentId?: 'required';
  locationId?: 'required';
  toLocationId?: 'required' | 'sameLocation';
  quantity?: QuantityProblem | 'notEnough' | 'unchanged';
  unitCost?: 'format';
  reference?: 'tooLong';
  note?: 'tooLong';
};

/** What each location holds, as the component's detail lists it (locations holding nothing are absent). */
export type StockAtLocations = readonly { locationId: string; quantity: string }[];

/** The chosen component, once read: its unit and its stock. */
export type ChosenComponent = { unit: Unit; stock: StockAtLocations };

/**
 * One location a posting touches, in thousandths: what it holds before and after. `after` is below zero
 * when the location holds too little; `difference` is an adjustment's recorded change, null for the others.
 */
export type SimulatedLocation = { locationId: string; before: bigint; after: bigint; difference: bigint | null };

export type MovementCheck = {
  /** What the posting would leave, or null until a component, a location and a readable quantity are known. */
  simulation: SimulatedLocation[] | null;
  problems: MovementProblems;
  /** What to post, once nothing is wrong. */
  request: MovementRequest | null;
};

/** The longest text a field of a request takes, as the contract bounds it. */
function longest(field: z.ZodDefault<z.ZodString>): number {
  const maximum = field.unwrap().maxLength;
  if (maximum === null) throw new Error('the contract bounds every text of a posting');
  return maximum;
}

// Every posting, a reversal included, bounds its reference and note alike.
export const REFERENCE_MAX = longest(ReceiptRequest.shape.reference);
export const NOTE_MAX = longest(ReceiptRequest.shape.note);

/** A new form: what the quick action names, nothing typed. */
export function initialFields(prefill: MovementPrefill): MovementFields {
  return {
    componentId: prefill.componentId ?? null,
    locationId: prefill.locationId ?? null,
    toLocationId: null,
    quantity: '',
    unitCost: '',
    reference: '',
    note: '',
  };
}

/** Whether anything was typed that closing the form would lose; choices from lists are quickly made again. */
export function hasTypedText(fields: MovementFields): boolean {
  return [fields.quantity, fields.unitCost, fields.reference, fields.note].some((text) => text.trim() !== '');
}

/** What a location holds ("0" when it holds none of the component, or none is chosen). */
export function quantityAt(stock: StockAtLocations | undefined, locationId: string | null): string {
  if (!stock || !locationId) return '0';
  return stock.find((row) => row.locationId === locationId)?.quantity ?? '0';
}

/** Receipts, issues and transfers move stock, so they need more than zero; an adjustment's count may be zero. */
function mustBePositive(kind: MovementKind): boolean {
  return kind !== 'adjustment';
}

/** What the posting would leave at each location it touches, from the component's current stock. */
export function simulateMovement(
  kind: MovementKind,
  fields: MovementFields,
  component: ChosenComponent | undefined,
): SimulatedLocation[] | null {
  if (!component || !fields.locationId || quantityProblem(fields.quantity, component.unit, mustBePositive(kind))) {
    return null;
  }
  const amount = toThousandths(normaliseQuantity(fields.quantity));
  const moved = (locationId: string, delta: bigint): SimulatedLocation => {
    const before = toThousandths(quantityAt(component.stock, locationId));
    return { locationId, before, after: before + delta, difference: null };
  };
  switch (kind) {
    case 'receipt':
      return [moved(fields.locationId, amount)];
    case 'issue':
      return [moved(fields.locationId, -amount)];
    case 'transfer':
      // A destination equal to the source adds no line: the check refuses it as the same location.
      return fields.toLocationId && fields.toLocationId !== fields.locationId
        ? [moved(fields.locationId, -amount), moved(fields.toLocationId, amount)]
        : [moved(fields.locationId, -amount)];
    case 'adjustment': {
      const before = toThousandths(quantityAt(component.stock, fields.locationId));
      return [{ locationId: fields.locationId, before, after: amount, difference: amount - before }];
    }
  }
}

/** The first location the posting would leave below zero. */
export function shortfallOf(simulation: readonly SimulatedLocation[]): SimulatedLocation | undefined {
  return simulation.find((location) => location.after < 0n);
}

/** The request as the fields say it, before the contract has read it: what is not chosen yet is absent. */
function draftRequest(kind: MovementKind, fields: MovementFields, unitCostMinor: number | undefined) {
  const common = {
    componentId: fields.componentId ?? undefined,
    reference: fields.reference,
    note: fields.note,
  };
  const locationId = fields.locationId ?? undefined;
  const quantity = normaliseQuantity(fields.quantity);
  switch (kind) {
    case 'receipt':
      return { type: kind, ...common, locationId, quantity, unitCostMinor };
    case 'issue':
      return { type: kind, ...common, locationId, quantity };
    case 'transfer':
      return {
        type: kind,
        ...common,
        fromLocationId: locationId,
        toLocationId: fields.toLocationId ?? undefined,
        quantity,
      };
    case 'adjustment':
      return { type: kind, ...common, locationId, countedQuantity: quantity };
  }
}

/**
 * Checks the form. The contract's `MovementRequest` reads the request and says what is missing or too long;
 * the rest it cannot know is checked here: the quantity against the component's unit, the unit cost as
 * typed in `language` with the `digits` of the organisation currency, two different locations, and, from
 * the simulation, a quantity the server would refuse (more than is on hand, a count equal to the books).
 */
export function checkMovement(
  kind: MovementKind,
  fields: MovementFields,
  { component, digits, language }: { component: ChosenComponent | undefined; digits: number; language: string },
): MovementCheck {
  const simulation = simulateMovement(kind, fields, component);
  // Blank is null, for the component's default cost; unreadable text is undefined.
  const unitCost = kind === 'receipt' ? parseMoney(fields.unitCost, digits, language) : null;
  const parsed = MovementRequest.safeParse(draftRequest(kind, fields, unitCost ?? undefined));
  const refusedFields = new Set(parsed.error?.issues.map((issue) => issue.path[0]));

  const problems: MovementProblems = {};
  if (refusedFields.has('componentId')) problems.componentId = 'required';
  if (refusedFields.has(kind === 'transfer' ? 'fromLocationId' : 'locationId')) problems.locationId = 'required';
  if (refusedFields.has('toLocationId')) problems.toLocationId = 'required';
  else if (kind === 'transfer' && fields.toLocationId === fields.locationId) problems.toLocationId = 'sameLocation';
  const quantity =
    quantityProblem(fields.quantity, component?.unit, mustBePositive(kind)) ??
    (simulation && shortfallOf(simulation) ? 'notEnough' : undefined) ??
    (simulation?.some((location) => location.difference === 0n) ? 'unchanged' : undefined);
  if (quantity) problems.quantity = quantity;
  if (unitCost === undefined) problems.unitCost = 'format';
  if (refusedFields.has('reference')) problems.reference = 'tooLong';
  if (refusedFields.has('note')) problems.note = 'tooLong';

  const valid = parsed.success && Object.keys(problems).length === 0;
  return { simulation, problems, request: valid ? parsed.data : null };
}
