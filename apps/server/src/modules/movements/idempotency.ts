import { createHash } from 'node:crypto';
import type { PostingResponse } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

export type IdempotentRequest = { userId: string; key: string; fingerprint: unknown };

function hashOf(fingerprint: unknown): string {
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');
}

/**
 * Claims an Idempotency-Key for this posting: a CTE named `claimed` of the first statement of its
 * transaction, which carries the posting's first read too (one round trip fewer). A concurrent request with
 * the same key waits on the key's row until this transaction ends; `exists (select 1 from claimed)` then
 * tells whether this request holds the key. If it does not, `earlierResponse` answers it.
 */
export function claimKey(request: IdempotentRequest): SQL {
  return sql`claimed as (
    insert into idempotency_keys (user_id, key, request_hash, status_code, response)
    values (${request.userId}, ${request.key}, ${hashOf(request.fingerprint)}, 0, 'null'::jsonb)
    on conflict (user_id, key) do nothing returning key)`;
}

/** A posting's response as its statement made it, or as the key keeps it: jsonb, which a driver may hand over as text. */
export function storedResponse(response: unknown): PostingResponse {
  return (typeof response === 'string' ? JSON.parse(response) : response) as PostingResponse;
}

/**
 * The stored response of the request that claimed the key first (and committed), returned instead of
 * posting again; the same key with another request is refused.
 */
export async function earlierResponse(tx: Transaction, request: IdempotentRequest): Promise<PostingResponse> {
  const [earlier] = await queryRows<{ request_hash: string; response: unknown }>(
    tx,
    sql`select request_hash, response from idempotency_keys where user_id = ${request.userId} and key = ${request.key}`,
  );
  if (!earlier || earlier.request_hash !== hashOf(request.fingerprint)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return storedResponse(earlier.response);
}

/**
 * Keeps the response of the posting that claimed the key: a CTE of the posting's last statement, where
 * `posted` names the CTE whose `response` column holds it.
 */
export function rememberResponse(request: IdempotentRequest, posted: SQL): SQL {
  return sql`remembered as (
    update idempotency_keys set status_code = 201, response = ${posted}.response from ${posted}
    where user_id = ${request.userId} and key = ${request.key})`;
}

/** Keys older than a day are forgotten: retries happen within minutes, not days. */
export async function pruneIdempotencyKeys(db: Executor): Promise<void> {
  await queryRows(db, sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
}
