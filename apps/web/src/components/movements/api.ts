import {
  ComponentList,
  IDEMPOTENCY_KEY_HEADER,
  MovementList,
  type MovementListQuery,
  type MovementRequest,
  MovementUsers,
  PostingResponse,
  type ReversalRequest,
} from '@cm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client';
import { componentKeys } from '../../lib/query-keys/components';
import { movementKeys } from '../../lib/query-keys/movements';
import { stockAreaChanged } from '../../lib/query-keys/stock-area';
import { LIST_PAGE_FRESH_MS, toQueryString } from '../data-table';
import { newIdempotencyKey } from './permissions';

/** Active components matching a search text, for pickers. */
export const componentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: componentKeys.search(q),
    queryFn: ({ signal }) =>
      api(`/components?${toQueryString({ q, status: 'active', pageSize: 25 })}`, ComponentList, { signal }),
    staleTime: 30_000,
  });

/** One page of the ledger with the given filters. */
export const movementListQuery = (search: z.output<typeof MovementListQuery>) =>
  queryOptions({
    queryKey: movementKeys.list(search),
    queryFn: ({ signal }) => api(`/movements?${toQueryString(search)}`, MovementList, { signal }),
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** People who posted movements in the current department. */
export const movementUsersQuery = queryOptions({
  queryKey: movementKeys.users(),
  queryFn: ({ signal }) => api('/movements/users', MovementUsers, { signal }),
  staleTime: 60_000,
});

function postMovement(request: MovementRequest, idempotencyKey: string): Promise<PostingResponse> {
  return api('/movements', PostingResponse, {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

function reverseMovement(id: string, request: ReversalRequest, idempotencyKey: string): Promise<PostingResponse> {
  return api(`/movements/${id}/reversal`, PostingResponse, {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Whether the server refused a posting: a 4xx applies nothing, so another attempt is a new action. */
function refused(error: Error): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The Idempotency-Key of one mounted form's posting. It is kept while the same action is retried: after a
 * network error or a 5xx the posting may have been applied, and the server then answers the retry with it
 * instead of applying it twice. Once the server applied or refused it, the next attempt takes a new key.
 */
function useIdempotencyKey(): { current: () => string; renew: () => void } {
  const key = useRef<string | null>(null);
  return {
    current: () => {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    renew: () => {
      key.current = null;
    },
  };
}

/** Posts a receipt, issue, transfer or adjustment, applied once however often it is retried. */
export function usePostMovement() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (request: MovementRequest) => postMovement(request, idempotencyKey.current()),
    onSuccess: () => {
      idempotencyKey.renew();
      return stockAreaChanged(queryClient);
    },
    onError: (error) => {
      if (refused(error)) idempotencyKey.renew();
    },
  });
}

/** Posts the reversal of an earlier movement (administrators), applied once however often it is retried. */
export function useReverseMovement() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ movementId, ...request }: ReversalRequest & { movementId: string }) =>
      reverseMovement(movementId, request, idempotencyKey.current()),
    onSuccess: () => {
      idempotencyKey.renew();
      return stockAreaChanged(queryClient);
    },
    onError: (error) => {
      if (refused(error)) idempotencyKey.renew();
    },
  });
}
