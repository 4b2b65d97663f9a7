import {
  type ComponentList,
  IDEMPOTENCY_KEY_HEADER,
  type MovementList,
  type MovementListQuery,
  type MovementRequest,
  type PostingResponse,
  type ReversalRequest,
} from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { toQueryString } from '../data-table';

/** Active components matching a search text, for pickers. */
export const componentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.components.search(q),
    queryFn: ({ signal }) =>
      api<ComponentList>(`/components?${toQueryString({ q, status: 'active', pageSize: 25 })}`, { signal }),
    staleTime: 30_000,
  });

/** One page of the ledger with the given filters. */
export const movementListQuery = (search: z.output<typeof MovementListQuery>) =>
  queryOptions({
    queryKey: queryKeys.movements.list(search),
    queryFn: ({ signal }) => api<MovementList>(`/movements?${toQueryString(search)}`, { signal }),
  });

/** People who posted movements in the current department. */
export const movementUsersQuery = queryOptions({
  queryKey: queryKeys.movements.users(),
  queryFn: ({ signal }) => api<{ items: { id: string; name: string }[] }>('/movements/users', { signal }),
  staleTime: 60_000,
});

/** Posts a receipt, issue, transfer or adjustment; the key makes a retry of the same action apply once. */
export function postMovement(request: MovementRequest, idempotencyKey: string): Promise<PostingResponse> {
  return api<PostingResponse>('/movements', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Posts the reversal of an earlier movement (administrators). */
export function reverseMovement(
  id: string,
  request: ReversalRequest,
  idempotencyKey: string,
): Promise<PostingResponse> {
  return api<PostingResponse>(`/movements/${id}/reversal`, {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
