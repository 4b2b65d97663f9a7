import { ApiError } from '../../lib/api-client';

/**
 * An id for an error the browser met on its own (a screen that failed to render, an answer the server did not send):
 * marked `web-`, so that nobody looks for it in the server's log.
 */
export function browserErrorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The id a user quotes for an error: the server's, which its log line carries too, else one of the browser's. */
export function errorIdOf(error: unknown): string {
  return (error instanceof ApiError && error.problem?.errorId) || browserErrorId();
}
