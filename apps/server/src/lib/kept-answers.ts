import { LRUCache } from 'lru-cache';

/**
 * Answers kept per server process, each with the version of the data it was computed at and served again only while
 * that version is the same (ADR 0020, ADR 0033): exact, as if computed again. The caller reads the version before
 * computing: a change that commits in between is in the answer but not in its version, which no later request then
 * reads again, so such an answer is never served stale, only never served. Several server processes each keep their
 * own and need no invalidation messages.
 * Requests for the same answer at the same version while it is being computed wait for that computation instead of
 * repeating it: after a change, every open screen asks again at once.
 */
export function keptAnswers<T extends {}>(limits: { maxSize: number; sizeOf: (answer: T, key: string) => number }) {
  const answers = new LRUCache<string, { version: bigint; answer: T }>({
    maxSize: limits.maxSize,
    sizeCalculation: (kept, key) => limits.sizeOf(kept.answer, key),
  });
  const computing = new Map<string, Promise<T>>();

  return {
    /** The answer for `key` at `version`: kept, or computed by `compute`. */
    async read(key: string, version: bigint, compute: () => Promise<T>): Promise<T> {
      const kept = answers.get(key);
      if (kept?.version === version) return kept.answer;

      const computation = `${version} ${key}`;
      const pending = computing.get(computation);
      if (pending) return pending;
      const answer = compute().then((computed) => {
        // A slower computation of an older version must not replace a newer answer.
        const newest = answers.get(key);
        if (newest === undefined || newest.version < version) answers.set(key, { version, answer: computed });
        return computed;
      });
      computing.set(computation, answer);
      try {
        return await answer;
      } finally {
        computing.delete(computation);
      }
    },
  };
}
