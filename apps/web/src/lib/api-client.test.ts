import { StockList } from '@cm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

const page = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 25,
  totals: { quantities: [], valueMinor: '0' },
};

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api', () => {
  beforeEach(() => {
    const stored = new Map<string, string>([['accessToken', 'token']]);
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("returns the answer as the contract's schema reads it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, page)),
    );
    await expect(api('/stock', StockList)).resolves.toEqual(page);
  });

  it('refuses an answer the contract does not describe, keeping its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { ...page, total: 'many' })),
    );
    const refusal = await api('/stock', StockList).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 200, code: 'UNEXPECTED_RESPONSE' });
  });

  it('refuses a body that is not JSON at all, such as a proxy page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(api('/stock', StockList)).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('reads no body when none is expected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(204)),
    );
    await expect(api('/components/1', null, { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('refreshes once for requests whose 401 arrives after the refresh another request started', async () => {
    sessionStorage.setItem('refreshToken', 'refresh-1');
    let refreshes = 0;
    let answerLate = () => {};
    const late = new Promise<void>((resolve) => {
      answerLate = resolve;
    });
    const unauthorised = { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/auth/refresh') {
          refreshes++;
          return answer(200, { accessToken: 'token-2', refreshToken: 'refresh-2' });
        }
        if ((init.headers as Record<string, string>).authorization === 'Bearer token-2') return answer(200, page);
        if (url.includes('late')) await late;
        return answer(401, unauthorised);
      }),
    );
    const first = api('/stock?first', StockList);
    const second = api('/stock?late', StockList);
    await expect(first).resolves.toEqual(page);
    answerLate();
    await expect(second).resolves.toEqual(page);
    expect(refreshes).toBe(1);
  });

  it("passes the server's problem on, not a check of its body", async () => {
    const problem = { type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, problem)),
    );
    await expect(api('/stock', StockList)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
