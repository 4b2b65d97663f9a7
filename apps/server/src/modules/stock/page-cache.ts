import { StockList } from '@cm/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { keptAnswers } from '../../lib/kept-answers.js';
import { stockListVersion } from './repository.js';

/**
 * Characters of answers kept per server process, with an allowance per page for its key and bookkeeping. A
 * page of 25 rows is about 10 000 characters, so this holds a few thousand pages: every page the
 * department's staff has open, many times over.
 */
const CACHE_CHARACTERS = 16 * 1024 * 1024;
const PAGE_OVERHEAD = 500;

/**
 * Stock list answers, kept until the department's stock or the catalogue changes (ADR 0020), as the JSON text
 * the route's serializer would write; the version is one small query per request.
 */
export function stockPageCache() {
  const pages = keptAnswers<string>({
    maxSize: CACHE_CHARACTERS,
    sizeOf: (body, key) => body.length + key.length + PAGE_OVERHEAD,
  });

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
      return pages.read(key, version, encode);
    },
  };
}
