import { isCountedUnit, type Unit } from '@cm/contract';

/** A numeric(15,3) value as the API shows it: "10.500" → "10.5", "3.000" → "3". */
export function formatQuantity(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Whether a quantity fits its unit: counted units (pieces, sets…) take whole numbers only. */
export function fitsUnit(quantity: string, unit: Unit): boolean {
  return !isCountedUnit(unit) || !/\.\d*[1-9]/.test(quantity);
}

const SCALE = 1000n;

/** A decimal quantity as an exact integer count of thousandths. */
export function toThousandths(quantity: string): bigint {
  const negative = quantity.startsWith('-');
  const [whole = '0', fraction = ''] = quantity.replace(/^-/, '').split('.');
  const value = BigInt(whole) * SCALE + BigInt(fraction.padEnd(3, '0').slice(0, 3));
  return negative ? -value : value;
}

/** The inverse of `toThousandths`, formatted as the API shows quantities. */
export function fromThousandths(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  return formatQuantity(`${sign}${absolute / SCALE}.${String(absolute % SCALE).padStart(3, '0')}`);
}
