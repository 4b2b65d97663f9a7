import { StockList, StockListQuery } from '@cm/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIST_PAGE_FRESH_MS, parseListSearch, toQueryString } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { stockKeys } from '../../lib/query-keys/stock';

/** One page of stock on hand with the totals of the whole filtered list. */
export const stockListQuery = (search: z.output<typeof StockListQuery>) =>
  queryOptions({
    queryKey: stockKeys.list(search),
    queryFn: ({ signal }) => api(`/stock?${toQueryString(search)}`, StockList, { signal }),
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** Starts reading the page the stock screen opens with, from the address's query (as the router parses it). */
export function prefetchStockScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(stockListQuery(parseListSearch(StockListQuery, search)));
}
