import { StockList } from '@cm/contract';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { stockListVersion } from './repository.js';

/**
 * Characters of answers kept per server process, with an allowance per page for its key and bookkeeping. A
 * page of 25 rows is about 10 000 characters, so this holds a few thousand pages: every page the
 * department's staff has open, many times over.
 */
const CACHE_CHARACTERS = 16 * 1024 * 1024;
const PAGE_OVERHEAD = 500;

type Page = { version: bigint; body: string };

/**
 * Stock list answers, each kept with the version it was computed at and served again only while the version
 * is the same (ADR 0020): exact, as if computed again, and checked with one small query per request, so
 * that several server processes each keep their own. The version is read before the page is computed: a
 * change that commits in between is in the page but not in its version, which no later request then reads
 * again, so such a page is never served stale, only never served.
 * Requests for the same page at the same version while it is being computed wait for that computation
 * instead of repeating it: after a posting, every open screen of the department asks again at once.
 */
export function stockPageCache() {
  const pages = new LRUCache<string, Page>({
    maxSize: CACHE_CHARACTERS,
    sizeCalculation: (page, key) => page.body.length + key.length + PAGE_OVERHEAD,
  });
  const computing = new Map<string, Promise<string>>();

  return {
    /**
     * The answer to `query` (the parsed query string) for the department, as the JSON text the route's
     * serializer would write: kept, or computed by `compute`.
     */
    async read(db: Executor, departmentId: string, query: object, compute: () => Promise<StockList>): Promise<string> {
      const encode = async () => JSON.stringify(z.encode(StockList, await compute()));
      const version = await stockListVersion(db, departmentId);
      if (version === null) return encode();
      const key = `${departmentId}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`;
      const kept = pages.get(key);
      if (kept?.version === version) return kept.body;

      const computation = `${version} ${key}`;
      const pending = computing.get(computation);
      if (pending) return pending;
      const body = encode().then((json) => {
        // A slower computation of an older version must not replace a newer page.
        const newest = pages.get(key);
        if (newest === undefined || newest.version < version) pages.set(key, { version, body: json });
        return json;
      });
      computing.set(computation, body);
      try {
        return await body;
      } finally {
        computing.delete(computation);
      }
    },
  };
}
