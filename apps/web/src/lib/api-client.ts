import type { ErrorCode, Problem, RefreshResponse } from '@cm/contract';
import type { z } from 'zod';
import { session } from './session';

/**
 * Codes the client itself produces: no answer arrived, or one that the contract does not describe (a server of
 * another version, a proxy's page).
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/**
 * What a call expects back: the contract's schema of the answer, which checks it and gives its type, or null
 * for an answer without a body (204). The schema is the caller's import, so this module brings no zod of its
 * own onto the sign-in page.
 */
type Answer<T> = z.ZodType<T> | null;

/**
 * A failed call: its status, its code, and the problem document the server answered with, which for a 5xx holds the
 * error id that the server's log line carries too (`problem.errorId`, shown by the 500 page).
 */
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

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, except a Blob (a file), which is sent as it is with its own type. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a sign-out sent as the user leaves). */
  keepalive?: boolean;
};

function requestHeaders(options: RequestOptions, withToken: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body instanceof Blob) headers['content-type'] = options.body.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = session.accessToken();
  if (withToken && token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function requestBody(body: unknown): BodyInit | null {
  if (body === undefined) return null;
  return body instanceof Blob ? body : JSON.stringify(body);
}

async function send(path: string, options: RequestOptions, withToken: boolean): Promise<Response> {
  try {
    return await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: requestHeaders(options, withToken),
      body: requestBody(options.body),
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
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
 * Calls the API with the bearer token and checks the answer against `answer`, the contract's schema of it. On
 * 401 it refreshes once and retries once; when the session turns out to be over, the stored session is
 * cleared and the user is sent to sign-in.
 */
export async function api<T>(path: string, answer: z.ZodType<T>, options?: RequestOptions): Promise<T>;
export async function api(path: string, answer: null, options?: RequestOptions): Promise<void>;
export async function api<T>(path: string, answer: Answer<T>, options: RequestOptions = {}): Promise<T | undefined> {
  const response = await withSession(() => send(path, options, true));
  return answer === null ? withoutBody(response) : checked(response, answer);
}

async function withSession(request: () => Promise<Response>): Promise<Response> {
  const sentWith = session.accessToken();
  let response = await request();
  if (response.status === 401 && session.isLoggedIn()) {
    // A refresh that finished while this request was on its way has already renewed the token: a second one
    // would only rotate the pair again. The request is repeated with the new token.
    if (session.accessToken() !== sentWith || (await refreshSession())) {
      response = await request();
      if (response.status === 401) endSession();
    } else {
      endSession();
    }
  }
  return response;
}

/** How much of a file has arrived; `total` only when the server said the size and the bytes are counted as sent. */
export type DownloadProgress = { received: number; total: number | null };

/** The file name a Content-Disposition header gives, its UTF-8 form first (Cyrillic names), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the plain name, if any, is the next best.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * The size a response announces, when its body is counted in the same bytes the reader gets: a compressed answer's
 * length is of the compressed bytes (and a streamed one has none).
 */
function announcedSize(response: Response): number | null {
  if (response.headers.get('content-encoding')) return null;
  const length = Number(response.headers.get('content-length'));
  return Number.isSafeInteger(length) && length > 0 ? length : null;
}

/**
 * Downloads a file the API streams (an export, a template), with the name the server gave it. With `onProgress`
 * the body is read chunk by chunk so that a large file shows the bytes received while it is written; `signal`
 * cancels it (the promise then rejects with an AbortError).
 */
export async function apiDownload(
  path: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<{ blob: Blob; fileName: string }> {
  const response = await withSession(() => send(path, { signal: options.signal }, true));
  if (!response.ok) throw await toApiError(response);
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  const { onProgress } = options;
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!onProgress || !reader) return { blob: await response.blob(), fileName };

  const total = announcedSize(response);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, total: total !== null && total >= received ? total : null });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName };
}

/**
 * Opens a stream the API keeps sending on (server-sent events), with the session's token and its refresh: the
 * browser's EventSource cannot send a bearer token. Resolves with the open body; a refusal throws an ApiError.
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const response = await withSession(() => send(path, { headers: { accept: 'text/event-stream' }, signal }, true));
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new ApiError(response.status, 'UNEXPECTED_RESPONSE');
  return response.body;
}

/**
 * Uploads a file as the raw request body, reporting upload progress (0–1); fetch cannot report it, so
 * this uses XMLHttpRequest, wrapped back into a Response for the shared session handling.
 */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  answer: z.ZodType<T>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const upload = () =>
    new Promise<Response>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `/api${path}`);
      for (const [name, value] of Object.entries(requestHeaders({ body: file }, true))) {
        request.setRequestHeader(name, value);
      }
      request.responseType = 'blob';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        const headers = new Headers();
        const type = request.getResponseHeader('content-type');
        if (type) headers.set('content-type', type);
        resolve(new Response(request.status === 204 ? null : request.response, { status: request.status, headers }));
      };
      request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR'));
      request.send(file);
    });
  return checked(await withSession(upload), answer);
}

/**
 * Calls that must not carry or refresh a session: sign-in itself and public information. Their answers are
 * typed by the contract but not checked: these are the sign-in page's calls, and checking them would bring
 * zod's parser onto the first screen, over its budget (ADR 0023, 0026).
 */
export async function publicApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, false);
  if (!response.ok) throw await toApiError(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function checked<T>(response: Response, answer: z.ZodType<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  const body = answer.safeParse(await response.json().catch(() => undefined));
  if (!body.success) throw new ApiError(response.status, 'UNEXPECTED_RESPONSE');
  return body.data;
}

async function withoutBody(response: Response): Promise<undefined> {
  if (!response.ok) throw await toApiError(response);
  return undefined;
}
