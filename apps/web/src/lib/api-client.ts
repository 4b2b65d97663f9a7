import type { ErrorCode, Problem, RefreshResponse } from '@cm/contract';
import { session } from './session';

/** Codes the client itself produces when no problem document arrives. */
export type ClientErrorCode = 'NETWORK_ERROR';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    readonly problem?: Problem,
  ) {
    super(problem?.detail ?? code);
    this.name = 'ApiError';
  }
}

let onSessionExpired: () => void = () => {};

/** Called once the session cannot be restored (no or rejected refresh token); the router sends to sign-in. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

async function send(path: string, options: RequestOptions, withToken: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = session.accessToken();
  if (withToken && token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    // A timeout of our own counts as the server being unreachable; a cancellation by the caller does not.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR');
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    if (problem?.code) return new ApiError(response.status, problem.code, problem);
  }
  // A proxy or a stopped server answers without a problem document.
  if (response.status >= 502) return new ApiError(response.status, 'SERVICE_UNAVAILABLE');
  if (response.status === 429) return new ApiError(response.status, 'RATE_LIMITED');
  if (response.status === 413) return new ApiError(response.status, 'PAYLOAD_TOO_LARGE');
  return new ApiError(response.status, 'INTERNAL_ERROR');
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair: true when refreshed, false when the server rejected the token
 * (the session is over). A network failure or a 5xx throws instead: the session may well be alive, and
 * ending it would throw away the user's work for a passing outage. Requests failing with 401 at the same
 * moment share one refresh: a second refresh with the same token would look like token theft to the server.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return false;
    const response = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, false);
    if (response.status === 400 || response.status === 401) return false;
    if (!response.ok) throw await toApiError(response);
    session.saveTokens((await response.json()) as RefreshResponse);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Waits for a refresh in flight, so that tokens written after it are not overwritten by it. */
export async function settleRefresh(): Promise<void> {
  await refreshing?.catch(() => {});
}

function endSession(): void {
  session.clear();
  onSessionExpired();
}

/**
 * Calls the API with the bearer token. On 401 it refreshes once and retries once; when the session turns
 * out to be over, the stored session is cleared and the user is sent to sign-in.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options, true);
  if (response.status === 401 && session.isLoggedIn()) {
    if (await refreshSession()) {
      response = await send(path, options, true);
      if (response.status === 401) endSession();
    } else {
      endSession();
    }
  }
  return readBody<T>(response);
}

/** Calls that must not carry or refresh a session: sign-in itself and public information. */
export async function publicApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readBody<T>(await send(path, options, false));
}

async function readBody<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
