import type { LocationChange, LocationInput } from '@cm/contract';
import { Location, LocationList } from '@cm/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { locationKeys } from '../../lib/query-keys/locations';
import { stockAreaChanged } from '../../lib/query-keys/stock-area';

/** The current department's locations, flat, each with its path ("Main / Shelf A"). */
export const locationsQuery = queryOptions({
  queryKey: locationKeys.all,
  queryFn: ({ signal }) => api('/locations', LocationList, { signal }),
  staleTime: 60_000,
});

/** Location paths show in stock rows, ledger rows and component details: all of them may have changed. */
function locationsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: locationKeys.all }), stockAreaChanged(queryClient)]);
}

/** Creates a location under `parentId` (or at the top) in the current department (administrators). */
export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationInput) => api('/locations', Location, { method: 'POST', body: input }),
    onSuccess: () => locationsChanged(queryClient),
  });
}

/** Renames ({ name }) and/or moves ({ parentId }) a location (administrators): only the fields sent change. */
export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: LocationChange }) =>
      api(`/locations/${encodeURIComponent(id)}`, Location, { method: 'PATCH', body: change }),
    onSuccess: () => locationsChanged(queryClient),
  });
}

/** Deletes an empty location; one holding stock, sublocations or movements is refused (LOCATION_NOT_EMPTY). */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/locations/${encodeURIComponent(id)}`, null, { method: 'DELETE' }),
    onSuccess: () => locationsChanged(queryClient),
  });
}
