import { AuditListQuery } from '@cm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { auditListQuery } from '../../components/audit/api';
import { parseListSearch } from '../../components/data-table';

/** Starts reading the page the Audit trail screen opens with, from the address's query (as the router parses it). */
export function prefetchAuditScreen(queryClient: QueryClient, search: Record<string, unknown>): Promise<void> {
  return queryClient.prefetchQuery(auditListQuery(parseListSearch(AuditListQuery, search)));
}
