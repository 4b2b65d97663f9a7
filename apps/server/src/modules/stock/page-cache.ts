import { StockList } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client.js';

/**
 * Bytes of answers kept per server process. A page of 25 rows is about 10 KB of JSON, so this holds a few
 * thousand pages: every page the department's staff has open, many times over.
 */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * What a department's stock list is computed from, as two counts that grow with every committed change to
 * it: the department's ledger (ADR 0016; balances change only with a movement) and the catalogue's changes
 * that the list shows (migration 0011). Equal counts mean no such change has committed in between.
 */
async function versionOf(db: Executor, departmentId: string): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select (select coalesce(sum(movements), 0) from stock_summary where department_id = ${departmentId})::text
               || '/' || (select changes from catalogue_version)::text as version`,
  );
  return row?.version ?? '';
}

type Page = { version: string; body: Buffer };

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
    maxSize: CACHE_BYTES,
    sizeCalculation: (page, key) => page.body.byteLength + key.length,
  });
  const computing = new Map<string, Promise<Buffer>>();

  return {
    /**
     * The answer to `query` (the parsed query string) for the department, as the JSON the route's serializer
     * would write: kept, or computed by `compute`.
     */
    async read(
      db: Executor,
      departmentId: string,
      query: object,
      compute: () => Promise<z.input<typeof StockList>>,
    ): Promise<Buffer> {
      const key = `${departmentId}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`;
      const version = await versionOf(db, departmentId);
      const kept = pages.get(key);
      if (kept?.version === version) return kept.body;

      const computation = `${version} ${key}`;
      const pending = computing.get(computation);
      if (pending) return pending;
      const body = compute().then((list) => {
        const json = Buffer.from(JSON.stringify(z.encode(StockList, list)));
        pages.set(key, { version, body: json });
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
