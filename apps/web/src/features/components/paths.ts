/**
 * Paths of screens the router builds from the SCREENS table: their routes are typed only as `string`, so a
 * literal path would not type-check against the route tree; a `string` goes through like the sidebar's.
 */
export const COMPONENTS_PATH: string = '/components';

/** The Stock screen filtered by a search text (its list state lives in the URL). */
export function stockSearchHref(q: string): string {
  return `/?${new URLSearchParams({ q }).toString()}`;
}
