import { setTimeout as delay } from 'node:timers/promises';
import { amoBaseUrl, type ErrorCode, type SyncRefusal } from '@cm/contract';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { publicOnlyFetch } from '../../lib/outbound-fetch.js';
import type { SecretBox } from '../../lib/secret-box.js';
import {
  type AmoCrmClient,
  AmoCrmError,
  AmoCrmRequestError,
  AmoCrmTokenInvalidError,
  createAmoCrmClient,
} from '../amocrm/client.js';
import { createRateLimiter, type RateLimiter } from '../amocrm/rate-limiter.js';
import { createSharedRateLimiter } from '../amocrm/shared-rate-limiter.js';
import { openToken, type StoredSalesSettings } from './settings.js';

/** The stored token cannot be decrypted: APP_SECRET changed since it was saved, or the row was tampered with. */
export class StoredTokenUnreadableError extends Error {
  constructor() {
    super('The stored amoCRM token cannot be decrypted (was APP_SECRET changed?); enter the token again.');
    this.name = 'StoredTokenUnreadableError';
  }
}

export type ConnectionOptions = {
  requestsPerSecond: number;
  /** Whether the account's address may be private (the local stand-in); else only public addresses are reached. */
  allowPrivateAddresses: boolean;
  maxRetries?: number;
  requestTimeoutMs?: number;
  /** Aborts requests in flight and waits between retries: the sync stops promptly on shutdown. */
  signal?: AbortSignal;
  /** Where the account's pace is kept: in the database on PostgreSQL, in this process on PGlite (ADR 0048). */
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
};

/**
 * amoCRM counts requests per account, so every client of one account (the sync, the webhooks' lead refreshes and
 * an administrator's live reads) shares one pacing. On PostgreSQL that pacing is kept in the database and shared
 * by every instance on it (ADR 0048); on PGlite, which one process opens, it is kept in this process.
 */
const processLimiters = new Map<string, RateLimiter>();
const sharedLimiters = new WeakMap<Database, Map<string, RateLimiter>>();

function limiterFor(baseUrl: string, requestsPerSecond: number, database: ConnectionOptions['database']): RateLimiter {
  const shared = database.kind === 'postgres' ? database.db : null;
  let limiters = shared ? sharedLimiters.get(shared) : processLimiters;
  if (!limiters) {
    limiters = new Map();
    if (shared) sharedLimiters.set(shared, limiters);
  }
  const key = `${requestsPerSecond} ${baseUrl}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    const sleep = (ms: number) => delay(ms);
    limiter = shared
      ? createSharedRateLimiter(shared, baseUrl, requestsPerSecond, sleep)
      : createRateLimiter(requestsPerSecond, sleep);
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Whether the settings name an account and hold a token. */
export function isConnected(settings: StoredSalesSettings | null): settings is StoredSalesSettings & {
  subdomain: string;
  tokenSealed: string;
} {
  return Boolean(settings?.subdomain && settings.tokenSealed);
}

/** An amoCRM client for the configured account; AMOCRM_NOT_CONFIGURED when there is no account or token. */
export function amoClientFor(settings: StoredSalesSettings, box: SecretBox, options: ConnectionOptions): AmoCrmClient {
  const baseUrl = settings.subdomain ? amoBaseUrl(settings.subdomain) : null;
  if (!baseUrl || !settings.tokenSealed) throw new AppError('AMOCRM_NOT_CONFIGURED');
  let token: string;
  try {
    token = openToken(box, settings.tokenSealed);
  } catch {
    throw new StoredTokenUnreadableError();
  }
  const { signal } = options;
  const reach = options.allowPrivateAddresses ? fetch : publicOnlyFetch;
  return createAmoCrmClient({
    baseUrl,
    token,
    limiter: limiterFor(baseUrl, options.requestsPerSecond, options.database),
    fetch: signal
      ? (input, init) =>
          reach(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal })
      : reach,
    ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    ...(options.requestTimeoutMs !== undefined && { requestTimeoutMs: options.requestTimeoutMs }),
    ...(signal && { sleep: (ms: number) => delay(ms, undefined, { signal }) }),
  });
}

/** amoCRM's refusals that have a remedy of their own, which the settings screen names. */
const REFUSALS: Partial<Record<number, SyncRefusal>> = {
  402: 'account_unpaid',
  403: 'access_denied',
  429: 'rate_limited',
};

/** Which of amoCRM's refusals an error is: an unpaid account, access denied, or too many requests; else null. */
export function refusalOf(error: unknown): SyncRefusal | null {
  return error instanceof AmoCrmRequestError ? (REFUSALS[error.status] ?? null) : null;
}

const REFUSAL_PROBLEMS: Record<SyncRefusal, ErrorCode> = {
  account_unpaid: 'AMOCRM_ACCOUNT_UNPAID',
  access_denied: 'AMOCRM_ACCESS_DENIED',
  rate_limited: 'AMOCRM_RATE_LIMITED',
};

/**
 * Runs an interactive read against amoCRM, turning its failures into problems the settings screen can
 * show: a refused token, one of amoCRM's refusals, or amoCRM unreachable or failing (all 502, never 401 or
 * 403, which would sign the user out or read as their own lack of rights).
 */
export async function readFromAmoCrm<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AmoCrmTokenInvalidError || error instanceof StoredTokenUnreadableError) {
      throw new AppError('AMOCRM_TOKEN_INVALID', { detail: error.message });
    }
    const refusal = refusalOf(error);
    if (refusal && error instanceof Error) throw new AppError(REFUSAL_PROBLEMS[refusal], { detail: error.message });
    if (error instanceof AmoCrmError) throw new AppError('AMOCRM_UNAVAILABLE', { detail: error.message });
    throw error;
  }
}
