import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';

/** Milliseconds a search box waits after the last keystroke before it changes the list. */
export const SEARCH_DEBOUNCE_MS = 300;

type SearchValue = string | number | boolean | undefined;

/**
 * The router parses the query string as JSON values (`page=2` → 2, `belowMinimum=true` → true); the contract's
 * list schemas read query strings, so every value goes back to text before it is validated.
 */
function asQueryText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A list's state from the router's parsed query string, read with the list's contract schema. Each field on its
 * own: a bad value falls back to that field's default instead of discarding the whole view.
 */
export function parseListSearch<Schema extends z.ZodObject>(
  schema: Schema,
  raw: Record<string, unknown>,
): z.output<Schema> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(asQueryText(raw[key]));
    state[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return state as z.output<Schema>;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false;
}

/**
 * A list's state (filters, sorting, page) kept in the URL query string, so that a copied link reopens the
 * same view. Returns the state parsed with the given contract schema and an `update(patch)` that replaces the
 * URL: default values are left out of it and any change other than the page itself goes back to page 1.
 */
export function useListSearch<Schema extends z.ZodObject>(
  schema: Schema,
): [z.output<Schema>, (patch: Partial<z.output<Schema>>) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const defaults = useMemo(() => parseListSearch(schema, {}) as Record<string, unknown>, [schema]);
  const rawKey = JSON.stringify(raw);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised search stands for `raw`, whose identity changes on every render.
  const state = useMemo(() => parseListSearch(schema, raw), [schema, rawKey]);
  const update = useCallback(
    (patch: Partial<z.output<Schema>>) => {
      const changes = patch as Record<string, unknown>;
      void navigate({
        to: '.',
        replace: true,
        // Merged onto the router's latest address, not onto the state this component last rendered: two changes
        // within one render (two debounced boxes firing together) each keep the other's.
        search: ((previous: Record<string, unknown>) => {
          const current = parseListSearch(schema, previous) as Record<string, unknown>;
          const next: Record<string, unknown> = { ...current, ...changes };
          const otherThanPage = Object.keys(changes).some((key) => key !== 'page' && changes[key] !== current[key]);
          if (otherThanPage && 'page' in defaults) next.page = defaults.page;
          const search: Record<string, SearchValue> = {};
          // Parameters the list does not know (set by someone else) are kept as they were.
          for (const [key, value] of Object.entries(previous)) {
            if (!(key in schema.shape)) search[key] = value as SearchValue;
          }
          for (const key of Object.keys(schema.shape)) {
            const value = next[key];
            if (value === defaults[key] || (defaults[key] === undefined && isEmpty(value))) continue;
            search[key] = value as SearchValue;
          }
          return search;
        }) as never,
      });
    },
    [navigate, schema, defaults],
  );

  return [state, update];
}

/**
 * Text of a search box that answers every keystroke at once but reports to `onChange` only after the typing
 * pauses for SEARCH_DEBOUNCE_MS; a change of `value` from outside (back button, reset) replaces the text.
 */
export function useDebouncedSearchText(
  value: string | undefined,
  onChange: (value: string | undefined) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(value ?? '');
  const lastSent = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') !== lastSent.current) {
      lastSent.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);
  const report = useDebouncedCallback((next: string) => {
    lastSent.current = next.trim();
    onChange(next.trim() === '' ? undefined : next.trim());
  }, SEARCH_DEBOUNCE_MS);
  const change = useCallback(
    (next: string) => {
      setText(next);
      report(next);
    },
    [report],
  );
  return [text, change];
}

/**
 * How long a list page just read counts as current when a screen shows it. A screen opened directly finds its
 * first page read at start, beside its code (main.tsx), and does not ask for it again on mounting. A write
 * refreshes the lists it changes at once (their hooks invalidate them), whatever this says.
 */
export const LIST_PAGE_FRESH_MS = 10_000;

/** Query string of a list request from its parsed state: empty values are left out, flags become "true"/"false". */
export function toQueryString(state: Record<string, unknown>, omit: readonly string[] = []): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (omit.includes(key) || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  return params.toString();
}
