import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import { useListSearch } from '../../../components/data-table';
import { generatedComponents } from './generated-components';
import { filteredRows, type GeneratedFilters, type GeneratedRequest, generatedPage } from './generated-list';

/**
 * A page of the generated list, read the way a list screen reads a page from the API (a query the table is handed
 * as it is). The rows are the browser's own, not server state: their key lives here, not in lib/query-keys.
 */
export function generatedListQuery(request: GeneratedRequest) {
  return queryOptions({
    queryKey: ['ui-kit', 'generated-components', request] as const,
    queryFn: async () => generatedPage(generatedComponents(), request),
    placeholderData: keepPreviousData,
  });
}

/**
 * The generated list in the URL, as a list screen keeps its own: `schema` picks the filters the page shows from
 * GeneratedListQuery, with the sorting and the page.
 */
export function useGeneratedList<Schema extends z.ZodObject>(schema: Schema) {
  const [search, update] = useListSearch(schema);
  const request = search as GeneratedRequest;
  const query = useQuery(generatedListQuery(request));
  return { search, request, update, query };
}

/**
 * The generated list kept by the example that shows it rather than in the URL, as a panel of a dialog keeps its page:
 * for a second table of a page, whose state would otherwise be the first one's. A change other than the page goes
 * back to the first page, as in the URL.
 */
export function useLocalGeneratedList(initial: Partial<GeneratedRequest> = {}) {
  const [request, setRequest] = useState<GeneratedRequest>({
    sort: 'code',
    order: 'asc',
    page: 1,
    pageSize: 25,
    ...initial,
  });
  const update = useCallback(
    (patch: Partial<GeneratedRequest>) =>
      setRequest((current) => ({ ...current, ...patch, page: 'page' in patch && patch.page ? patch.page : 1 })),
    [],
  );
  const query = useQuery(generatedListQuery(request));
  return { request, update, query };
}

/** Every row of the view, in its order (every page): what its export, totals and summaries read. */
export function useFilteredRows(filters: GeneratedFilters) {
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised filters stand for `filters`, a new object on every render.
  return useMemo(() => filteredRows(generatedComponents(), filters), [key]);
}
