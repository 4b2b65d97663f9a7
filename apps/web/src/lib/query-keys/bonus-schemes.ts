import type { QueryClient } from '@tanstack/react-query';
import { calculatorKeys } from './calculator';

/**
 * Bonus schemes (PRODUCT.md §5): read by Sales settings, where administrators change them, and by the bonus
 * calculator, whose answers follow the scheme in effect.
 */
export const bonusSchemeKeys = {
  all: ['bonus-schemes'] as const,
  /** Every version of every management type, as `GET /api/sales/bonus-schemes` lists them. */
  list: () => [...bonusSchemeKeys.all, 'list'] as const,
};

/**
 * After a version is saved or deleted: every read of the schemes is stale, and so is what the calculator starts
 * from (the scheme in effect this month and the bonus it pays so far).
 */
export function bonusSchemesChanged(queryClient: QueryClient): Promise<void> {
  const stale = [bonusSchemeKeys.all, calculatorKeys.all];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
