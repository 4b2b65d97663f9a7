import { isCountedUnit, PositiveQuantity, Quantity, type Unit } from '@cm/contract';

const SCALE = 1000n;

/** A contract quantity ("12", "2.5") as an exact count of thousandths. */
export function toThousandths(quantity: string): bigint {
  const [whole = '0', fraction = ''] = quantity.trim().split('.');
  return BigInt(whole || '0') * SCALE + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
}

/** Thousandths back to the contract's text, without trailing zeros ("2500" → "2.5", negative kept). */
export function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = absolute / SCALE;
  const fraction = (absolute % SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** What a person typed, in the contract's form: spaces dropped and a decimal comma read as a point. */
export function normaliseQuantity(text: string): string {
  return text.replace(/[\s\u00a0]/g, '').replace(',', '.');
}

export type QuantityProblem = 'required' | 'format' | 'positive' | 'whole';

/**
 * Checks a typed quantity against the contract (digits, at most 3 decimals; above zero when `positive`)
 * and the unit (counted units such as pcs take whole numbers only). Returns the problem or null.
 */
export function quantityProblem(text: string, unit: Unit | undefined, positive: boolean): QuantityProblem | null {
  const value = normaliseQuantity(text);
  if (value === '') return 'required';
  if (!Quantity.safeParse(value).success) return 'format';
  if (positive && !PositiveQuantity.safeParse(value).success) return 'positive';
  if (unit && isCountedUnit(unit) && toThousandths(value) % SCALE !== 0n) return 'whole';
  return null;
}

const MONEY_PATTERN = /^(\d{1,13})(?:[.,](\d{1,2}))?$/;

/** A typed amount in currency major units ("12,5") as integer minor units (1250); null when not an amount. */
export function parseMoneyToMinor(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
