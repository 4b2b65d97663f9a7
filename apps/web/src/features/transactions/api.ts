import { MovementListQuery } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { parseListSearch } from '../../components/data-table';
import { movementListQuery } from '../../components/movements/api';

/** Starts reading the page the Transactions screen opens with, from the address's query (as the router parses it). */
export function prefetchTransactionsScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(movementListQuery(parseListSearch(MovementListQuery, search)));
}
