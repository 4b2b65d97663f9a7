import type { StockListQuery } from '@cm/contract';
import { StockList } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { toQueryString } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { stockKeys } from '../../lib/query-keys/stock';

/** One page of stock on hand with the totals of the whole filtered list. */
export const stockListQuery = (search: z.output<typeof StockListQuery>) =>
  queryOptions({
    queryKey: stockKeys.list(search),
    queryFn: ({ signal }) => api(`/stock?${toQueryString(search)}`, StockList, { signal }),
  });
