import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from './categories';
import { componentKeys } from './components';
import { movementKeys } from './movements';
import { reportKeys } from './reports';
import { stockKeys } from './stock';

/**
 * After anything that moves or revalues stock (a posting, a reversal, an import, a catalogue edit that
 * renames or recategorises): every view of quantities and of the catalogue is stale.
 */
export function stockAreaChanged(queryClient: QueryClient): Promise<void> {
  const stale = [stockKeys.all, movementKeys.all, componentKeys.all, categoryKeys.all, reportKeys.all];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
