import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes and that calls the latest `callback`: what a memoised table
 * receives as its handlers, so that a parent's new arrow function on each render does not render every row
 * again. It is for events, never for rendering.
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
