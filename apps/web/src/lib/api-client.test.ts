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

  it("passes the server's problem on, not a check of its body", async () => {
    const problem = { type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, problem)),
    );
    await expect(api('/stock', StockList)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
