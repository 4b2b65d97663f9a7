import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, type DownloadProgress, fileNameOf } from './api-client';

/** A body that arrives in the given chunks, one per read, and waits for `release` before the last one. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

const storage = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  storage.set('accessToken', 'token-1');
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a file downloaded as it streams', () => {
  it('reports the bytes received chunk by chunk and hands over the whole file with the name the server gave', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(streamOf([new Uint8Array([0xef, 0xbb, 0xbf]), new Uint8Array(1000), new Uint8Array(24)]), {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="report.csv"; filename*=UTF-8''${encodeURIComponent('Отчёт.csv')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const progress: DownloadProgress[] = [];
    const { blob, fileName } = await apiDownload('/reports/low-stock/export?format=csv&lang=ru', {
      signal: new AbortController().signal,
      onProgress: (step) => progress.push(step),
    });
    expect(fileName).toBe('Отчёт.csv');
    expect(blob.size).toBe(1027);
    expect(blob.type).toContain('text/csv');
    expect(progress.map((step) => step.received)).toEqual([0, 3, 1003, 1027]);
    expect(progress.every((step) => step.total === null)).toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/reports/low-stock/export?format=csv&lang=ru',
      expect.objectContaining({
        headers: expect.objectContaining({ authorization: 'Bearer token-1' }),
        signal: expect.any(AbortSignal),
      }),
    );
  });

  it('knows the size only when the server said it of the bytes as they arrive', async () => {
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array(10), { headers: { 'content-length': '10' } }));
    const progress: DownloadProgress[] = [];
    await apiDownload('/x', {
      signal: new AbortController().signal,
      onProgress: (step) => progress.push(step),
    });
    expect(progress.at(-1)).toEqual({ received: 10, total: 10 });

    vi.stubGlobal(
      'fetch',
      async () => new Response(new Uint8Array(10), { headers: { 'content-length': '4', 'content-encoding': 'br' } }),
    );
    progress.length = 0;
    await apiDownload('/x', {
      signal: new AbortController().signal,
      onProgress: (step) => progress.push(step),
    });
    expect(progress.at(-1)).toEqual({ received: 10, total: null });
  });

  it('stops when cancelled, with an AbortError', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (_path: string, init: { signal: AbortSignal }) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new Uint8Array(5));
          init.signal.addEventListener('abort', () => stream.error(new DOMException('Aborted', 'AbortError')));
        },
      });
      return new Response(body);
    });
    const download = apiDownload('/x', {
      signal: controller.signal,
      onProgress: ({ received }) => {
        if (received > 0) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns a refusal into the problem’s code', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 400, code: 'VALIDATION_FAILED', title: 'Bad', type: 'about:blank' }), {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    const refused = apiDownload('/x', { signal: new AbortController().signal, onProgress: () => {} });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });
});

describe('a file name from Content-Disposition', () => {
  it('prefers the UTF-8 name, then the plain one, then a fallback', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%D0%90.pdf`)).toBe('А.pdf');
    expect(fileNameOf('attachment; filename="a.pdf"')).toBe('a.pdf');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="b.pdf"`)).toBe('b.pdf');
    expect(fileNameOf(null)).toBe('download');
  });
});
