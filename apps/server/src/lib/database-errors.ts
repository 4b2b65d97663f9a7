/** SQLSTATE codes the services react to. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  numericOutOfRange: '22003',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  queryCanceled: '57014',
} as const;

/**
 * The SQLSTATE code and constraint of a database error, from pg or PGlite, unwrapping Drizzle's query
 * error; null for anything that is not a database error.
 */
export function databaseError(error: unknown): { code: string; constraint: string | undefined } | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
  }
  return null;
}

/** Whether an error violated the named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const details = databaseError(error);
  return details?.code === PG.uniqueViolation && details.constraint === constraint;
}

/**
 * Runs a transaction again when the database aborted it to resolve a conflict with a concurrent one
 * (serialization failure, deadlock); any other error, or the last attempt's, propagates.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = databaseError(error)?.code;
      const retryable = code === PG.serializationFailure || code === PG.deadlockDetected;
      if (!retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
