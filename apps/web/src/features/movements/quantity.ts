import { isCountedUnit, PositiveQuantity, Quantity, type Unit } from '@cm/contract';
import { isWholeQuantity, normaliseQuantity } from '../../lib/decimal';

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
  if (unit && isCountedUnit(unit) && !isWholeQuantity(value)) return 'whole';
  return null;
}
