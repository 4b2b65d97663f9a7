import { isCountedUnit, PositiveQuantity, Quantity, type Unit } from '@cm/contract';
import { isWholeQuantity, normaliseQuantity } from '../../lib/format';

export type QuantityProblem = 'required' | 'format' | 'negative' | 'positive' | 'whole';

/** A number as a person may type one, sign and any decimals included: its problem is then what it says. */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Checks a typed quantity against the contract (digits, at most 3 decimals; above zero when `positive`)
 * and the unit (counted units such as pcs take whole numbers only). Returns the problem or null.
 *
 * A number the contract refuses is told what is wrong with it rather than the general format: "-1" is
 * below zero, and "1.2345" of pieces is not a whole number (telling its owner to use at most 3 decimals
 * would only lead to "2.5", refused next for the same unit).
 */
export function quantityProblem(text: string, unit: Unit | undefined, positive: boolean): QuantityProblem | null {
  const value = normaliseQuantity(text);
  if (value === '') return 'required';
  const counted = unit !== undefined && isCountedUnit(unit);
  if (NUMBER.test(value)) {
    if (value.startsWith('-') && /[1-9]/.test(value)) return positive ? 'positive' : 'negative';
    if (counted && !isWholeQuantity(value)) return 'whole';
  }
  if (!Quantity.safeParse(value).success) return 'format';
  if (positive && !PositiveQuantity.safeParse(value).success) return 'positive';
  return null;
}
