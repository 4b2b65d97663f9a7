import type { Problem } from '@cm/contract';
import { ApiError, refreshSession } from '../../lib/api-client';
import { session } from '../../lib/session';

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

async function problemOf(response: Response): Promise<ApiError> {
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    if (problem?.code) return new ApiError(response.status, problem.code, problem);
  }
  if (response.status >= 502) return new ApiError(response.status, 'SERVICE_UNAVAILABLE');
  return new ApiError(response.status, 'INTERNAL_ERROR');
}

async function send(path: string, signal: AbortSignal): Promise<Response> {
  const token = session.accessToken();
  try {
    return await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR');
  }
}

/**
 * Downloads a file the API streams (a report's export), reading its body chunk by chunk so that `onProgress` can
 * show the bytes received while a large file is written; `signal` cancels it (the promise then rejects with an
 * AbortError). The session is refreshed once on 401, as every API call's (lib/api-client), whose `apiDownload`
 * reads the file whole and reports nothing meanwhile.
 */
export async function downloadWithProgress(
  path: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
): Promise<{ blob: Blob; fileName: string }> {
  const sentWith = session.accessToken();
  let response = await send(path, signal);
  if (response.status === 401 && session.isLoggedIn()) {
    if (session.accessToken() !== sentWith || (await refreshSession())) response = await send(path, signal);
  }
  if (!response.ok) throw await problemOf(response);

  const total = announcedSize(response);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress({ received, total: total !== null && total >= received ? total : null });
    }
  }
  return { blob: new Blob(chunks, { type }), fileName };
}
