import type { Location, LocationChange, LocationInput } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

type LocationList = { items: Location[] };

/** The current department's locations, flat, each with its path ("Main / Shelf A"). */
export const locationsQuery = queryOptions({
  queryKey: queryKeys.locations.all,
  queryFn: ({ signal }) => api<LocationList>('/locations', { signal }),
  staleTime: 60_000,
});

/** Creates a location under `parentId` (or at the top) in the current department (administrators). */
export function createLocation(input: LocationInput): Promise<Location> {
  return api<Location>('/locations', { method: 'POST', body: input });
}

/** Renames ({ name }) and/or moves ({ parentId }) a location (administrators): only the fields sent change. */
export function updateLocation(id: string, change: LocationChange): Promise<Location> {
  return api<Location>(`/locations/${id}`, { method: 'PATCH', body: change });
}

/** Deletes an empty location; one holding stock, sublocations or movements is refused (LOCATION_NOT_EMPTY). */
export function deleteLocation(id: string): Promise<void> {
  return api<void>(`/locations/${id}`, { method: 'DELETE' });
}

export type LocationNode = Location & { depth: number; children: LocationNode[] };

/** The flat list as a tree in display order (siblings by name), each node knowing its depth. */
export function locationTree(locations: readonly Location[]): LocationNode[] {
  const nodes = new Map<string, LocationNode>(
    locations.map((location) => [location.id, { ...location, depth: 0, children: [] }]),
  );
  const roots: LocationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: LocationNode, b: LocationNode) => a.name.localeCompare(b.name);
  const visit = (list: LocationNode[], depth: number) => {
    list.sort(byName);
    for (const node of list) {
      node.depth = depth;
      visit(node.children, depth + 1);
    }
  };
  visit(roots, 0);
  return roots;
}

/** The tree flattened depth-first, for lists that indent by depth. */
export function flattenTree(roots: readonly LocationNode[]): LocationNode[] {
  return roots.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** Ids of a node and everything below it: places a node cannot be moved under. */
export function subtreeIds(node: LocationNode): Set<string> {
  return new Set(flattenTree([node]).map((each) => each.id));
}
