import { ComponentListQuery } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { componentListQuery } from '../../components/catalogue/api';
import { parseListSearch } from '../../components/data-table';

/** Starts reading the page the Components screen opens with, from the address's query (as the router parses it). */
export function prefetchComponentsScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(componentListQuery(parseListSearch(ComponentListQuery, search)));
}
