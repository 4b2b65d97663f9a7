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

/** A numeric(15,3) value as the API shows it: "10.500" → "10.5", "3.000" → "3". */
export function formatQuantity(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Whether a quantity fits its unit: counted units (pieces, sets…) take whole numbers only. */
export function fitsUnit(quantity: string, unit: Unit): boolean {
  return !isCountedUnit(unit) || !/\.\d*[1-9]/.test(quantity);
}

const THOUSANDTHS = 10n ** BigInt(QUANTITY_SCALE);

/**
 * A decimal quantity ("12", "2.5", "-1.5") as an exact integer count of thousandths, so that sums and
 * differences of quantities never pass through a binary float. Digits beyond the third decimal are dropped.
 */
export function toThousandths(quantity: string): bigint {
  const text = quantity.trim();
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value =
    BigInt(whole || '0') * THOUSANDTHS + BigInt(fraction.padEnd(QUANTITY_SCALE, '0').slice(0, QUANTITY_SCALE));
  return negative ? -value : value;
}

/** The inverse of `toThousandths`, written as the API writes quantities ("2500" → "2.5", the sign kept). */
export function fromThousandths(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const fraction = String(absolute % THOUSANDTHS).padStart(QUANTITY_SCALE, '0');
  return formatQuantity(`${sign}${absolute / THOUSANDTHS}.${fraction}`);
}
