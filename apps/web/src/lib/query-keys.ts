import type { ComponentListQuery, MovementListQuery, StockListQuery } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

/**
 * Every key of the server-state cache, one factory per resource (ADR 0026). A key starts with its
 * resource's name, so invalidating `<resource>.all` refreshes everything read from it. The factories live
 * here, below the features, because a write to one resource makes others stale (a movement changes stock,
 * the ledger, components and reports) and features never import each other.
 */
export const queryKeys = {
  session: {
    all: ['auth'] as const,
    me: () => [...queryKeys.session.all, 'me'] as const,
    devMode: () => [...queryKeys.session.all, 'dev-mode'] as const,
  },
  appInfo: { all: ['app-info'] as const },
  categories: { all: ['categories'] as const },
  locations: { all: ['locations'] as const },
  components: {
    all: ['components'] as const,
    lists: () => [...queryKeys.components.all, 'list'] as const,
    list: (query: ComponentListQuery) => [...queryKeys.components.lists(), query] as const,
    search: (text: string) => [...queryKeys.components.all, 'search', text] as const,
    detail: (id: string) => [...queryKeys.components.all, 'detail', id] as const,
    movements: (id: string, page: number, pageSize: number) =>
      [...queryKeys.components.detail(id), 'movements', page, pageSize] as const,
  },
  stock: {
    all: ['stock'] as const,
    list: (query: z.output<typeof StockListQuery>) => [...queryKeys.stock.all, 'list', query] as const,
  },
  movements: {
    all: ['movements'] as const,
    list: (query: z.output<typeof MovementListQuery>) => [...queryKeys.movements.all, 'list', query] as const,
    users: () => [...queryKeys.movements.all, 'users'] as const,
  },
  reports: { all: ['reports'] as const },
  salesSettings: {
    all: ['sales-settings'] as const,
    settings: () => [...queryKeys.salesSettings.all, 'settings'] as const,
    /** What is read from amoCRM itself: pipelines and lead fields change with the connection. */
    amocrm: () => [...queryKeys.salesSettings.all, 'amocrm'] as const,
    pipelines: (live: boolean) => [...queryKeys.salesSettings.amocrm(), 'pipelines', live] as const,
    leadFields: () => [...queryKeys.salesSettings.amocrm(), 'lead-fields'] as const,
    runs: () => [...queryKeys.salesSettings.all, 'runs'] as const,
    runList: (page: number, pageSize: number) => [...queryKeys.salesSettings.runs(), 'list', page, pageSize] as const,
    run: (id: string) => [...queryKeys.salesSettings.runs(), 'one', id] as const,
    plans: () => [...queryKeys.salesSettings.all, 'plans'] as const,
    planGrid: (year: number) => [...queryKeys.salesSettings.plans(), year] as const,
  },
};

/**
 * After anything that moves or revalues stock (a posting, a reversal, an import, a catalogue edit that
 * renames or recategorises): every view of quantities and of the catalogue is stale.
 */
export function stockAreaChanged(queryClient: QueryClient): Promise<void> {
  const stale = [
    queryKeys.stock.all,
    queryKeys.movements.all,
    queryKeys.components.all,
    queryKeys.categories.all,
    queryKeys.reports.all,
  ];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
