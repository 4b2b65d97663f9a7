import { createHash } from 'node:crypto';
import type { PostingResponse } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';

export type IdempotentRequest = { userId: string; key: string; fingerprint: unknown };

function hashOf(fingerprint: unknown): string {
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
}

/**
 * Claims an Idempotency-Key for this posting, first thing in its transaction. A concurrent request with
 * the same key waits on the key's row until this transaction ends; if it committed, the stored response
 * is returned instead of posting again. The same key with another request is refused.
 */
export async function claimKey(tx: Transaction, request: IdempotentRequest): Promise<PostingResponse | null> {
  const hash = hashOf(request.fingerprint);
  const claimed = await queryRows(
    tx,
    sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (${request.userId}, ${request.key}, ${hash}, 0, 'null'::jsonb)
        on conflict (user_id, key) do nothing returning key`,
  );
  if (claimed.length > 0) return null;
  const [earlier] = await queryRows<{ request_hash: string; response: PostingResponse | string }>(
    tx,
    sql`select request_hash, response from idempotency_keys where user_id = ${request.userId} and key = ${request.key}`,
  );
  if (!earlier || earlier.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return typeof earlier.response === 'string' ? JSON.parse(earlier.response) : earlier.response;
}

/** Stores the response of the posting that claimed the key, in the same transaction. */
export async function rememberResponse(
  tx: Transaction,
  request: IdempotentRequest,
  response: PostingResponse,
): Promise<void> {
  await queryRows(
    tx,
    sql`update idempotency_keys set status_code = 201, response = ${JSON.stringify(response)}::jsonb
        where user_id = ${request.userId} and key = ${request.key}`,
  );
}

/** Keys older than a day are forgotten: retries happen within minutes, not days. */
export async function pruneIdempotencyKeys(db: Executor): Promise<void> {
  await queryRows(db, sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
}
