import { z } from 'zod';

/** Quantities carry at most this many decimals (numeric(15,3) in the database). */
export const QUANTITY_SCALE = 3;
const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;

/**
 * An exact decimal quantity, sent and returned as a string ("12", "2.5") so that no binary float ever
 * rounds it. Whether a unit allows decimals is checked against the component's unit.
 */
export const Quantity = z
  .string()
  .trim()
  .regex(QUANTITY_PATTERN, { message: 'Use digits with at most 3 decimals, e.g. 12 or 2.5' })
  .describe('Exact decimal, at most 12 integer digits and 3 decimals');

/** A quantity that moves stock: strictly positive. */
export const PositiveQuantity = Quantity.refine((value) => /[1-9]/.test(value), {
  message: 'The quantity must be greater than zero',
});

/**
 * A sum of quantities: exact like `Quantity`, without its 12-digit bound (many balances may add up to more).
 */
export const QuantitySum = z
  .string()
  .regex(/^\d+(\.\d{1,3})?$/)
  .describe('Exact decimal, any number of digits');

/**
 * An amount of money in integer minor units, sent as a decimal string: values of stock (quantity × cost,
 * and sums of them) can exceed the 2^53 a JSON number holds exactly.
 */
export const MoneyAmountMinor = z
  .string()
  .regex(/^-?\d+$/)
  .describe('Integer minor units as a decimal string');

/** Money in integer minor units of the organisation currency (kopecks, cents). */
export const MoneyMinor = z.number().int().min(0).max(1_000_000_000_000_000);

/** Units of measure; counted units hold whole quantities only. */
export const Unit = z.enum(['pcs', 'set', 'pack', 'reel', 'm', 'kg', 'g', 'l', 'ml']);
export type Unit = z.infer<typeof Unit>;
export const COUNTED_UNITS: readonly Unit[] = ['pcs', 'set', 'pack', 'reel'];

export function isCountedUnit(unit: Unit): boolean {
  return COUNTED_UNITS.includes(unit);
}
