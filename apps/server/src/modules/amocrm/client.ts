import { setTimeout as delay } from 'node:timers/promises';
import { type ZodType, z } from 'zod';
import { OutboundAddressRefused } from '../../lib/outbound-fetch.js';
import { AmoCrmError, AmoCrmRequestError, AmoCrmTokenInvalidError } from './errors.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import {
  AccountSchema,
  type AmoAccount,
  type AmoCallNote,
  type AmoChatMessageEvent,
  type AmoContact,
  type AmoCustomField,
  type AmoLead,
  type AmoLossReason,
  type AmoPipeline,
  type AmoProblem,
  type AmoUser,
  CALL_NOTE_TYPES,
  CallNoteSchema,
  ChatMessageEventSchema,
  ContactSchema,
  CustomFieldSchema,
  collectionSchema,
  LeadSchema,
  LossReasonSchema,
  PipelineSchema,
  ProblemSchema,
  UserSchema,
} from './types.js';

export { AmoCrmError, AmoCrmRequestError, AmoCrmTokenInvalidError } from './errors.js';

const PAGE_LIMIT = 250;
/** The events list pages by 100 at most. */
const EVENTS_PAGE_LIMIT = 100;
const BACKOFF_BASE_MS = 500;
/** The longest wait between attempts, our backoff's or one amoCRM asks for with Retry-After. */
const BACKOFF_MAX_MS = 30_000;

export type AmoCrmClientOptions = {
  /** `https://<subdomain>.amocrm.ru` for a real account, or the stand-in's URL. */
  baseUrl: string;
  /** A long-lived token, sent as a bearer token. */
  token: string;
  /** amoCRM allows 7 per second per account; going over earns 429s and then an IP block. */
  requestsPerSecond?: number;
  /** Pacing shared with other clients of the same account; else the client paces itself at `requestsPerSecond`. */
  limiter?: RateLimiter;
  /** Further attempts after a 429, a 5xx or a network failure. */
  maxRetries?: number;
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

export type NoteEntity = 'leads' | 'contacts';

type Page<T> = { items: T[]; next: string | null };
type Query = [name: string, value: string | number][];

/** Exponential and without jitter: one sync talks to one account, so there is no herd of clients to spread. */
function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

/** Retry-After as seconds or as an HTTP date, else the `retry_after` member of the problem body. */
function retryAfterMs(header: string | null, problem: AmoProblem): number | undefined {
  if (header !== null) {
    if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(date - Date.now(), 0);
  }
  return problem.retry_after === undefined ? undefined : problem.retry_after * 1000;
}

function parseProblem(text: string): AmoProblem {
  try {
    const parsed = ProblemSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Gateways in front of amoCRM answer some errors with HTML.
  }
  return text.trim() ? { detail: text.trim().slice(0, 300) } : {};
}

/** Brackets stay literal (`filter[id][]=1`): that is how amoCRM documents them, and it keeps long id lists short. */
function withQuery(path: string, query: Query): string {
  return `${path}?${query.map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join('&')}`;
}

function assertTimestamp(since: number): void {
  if (!Number.isInteger(since) || since < 0) throw new RangeError(`expected unix seconds, got ${since}`);
}

/** Creates a read-only client for the part of amoCRM API v4 the sales area needs, paced to the account's rate limit. */
export function createAmoCrmClient(options: AmoCrmClientOptions) {
  const baseUrl = new URL(options.baseUrl);
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const maxRetries = options.maxRetries ?? 5;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const limiter = options.limiter ?? createRateLimiter(options.requestsPerSecond ?? 7, sleep);
  const headers = { Authorization: `Bearer ${options.token}`, Accept: 'application/hal+json' };

  /** One GET with pacing and retries; null when amoCRM answers 204 (nothing, or past the last page). */
  async function get(path: string): Promise<unknown> {
    const url = new URL(path, baseUrl);
    for (let attempt = 0; ; attempt++) {
      const answered = await limiter.acquire(sleep);
      let answer: { status: number; retryAfter: string | null; text: string };
      try {
        let response: Response;
        try {
          response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        } finally {
          // The request has reached amoCRM by the time its answer starts arriving, or it never will.
          answered();
        }
        answer = {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          text: await response.text(),
        };
      } catch (error) {
        // An address the server may not reach stays unreachable however often it is tried.
        const refused = error instanceof Error && error.cause instanceof OutboundAddressRefused ? error.cause : null;
        if (attempt >= maxRetries || refused) {
          const reason = refused?.message ?? (error instanceof Error ? error.message : String(error));
          throw new AmoCrmError(`amoCRM is unreachable at ${url.origin}: ${reason}`, { cause: error });
        }
        await sleep(backoffMs(attempt));
        continue;
      }
      if (answer.status === 204) return null;
      if (answer.status >= 200 && answer.status < 300) {
        try {
          return JSON.parse(answer.text);
        } catch (error) {
          throw new AmoCrmError(`amoCRM answered ${url.pathname} with a body that is not JSON`, { cause: error });
        }
      }
      const problem = parseProblem(answer.text);
      if (answer.status === 401) throw new AmoCrmTokenInvalidError(problem);
      const retryable = answer.status === 429 || answer.status >= 500;
      if (!retryable || attempt >= maxRetries) throw new AmoCrmRequestError(answer.status, problem, url.pathname);
      const asked = retryAfterMs(answer.retryAfter, problem);
      // A longer Retry-After than BACKOFF_MAX_MS ends the attempt rather than being shortened or waited out:
      // retrying sooner than amoCRM asks breaks its rules (repeated 429s lead to an IP block), and waiting an
      // hour would hold the sync lock, or an administrator's request, for that hour. The run fails saying so,
      // and a later sync tries again.
      if (asked !== undefined && asked > BACKOFF_MAX_MS) {
        throw new AmoCrmRequestError(answer.status, problem, url.pathname, asked);
      }
      const wait = asked ?? backoffMs(attempt);
      // A 429 is about the whole account, so every request waits, not only this one.
      if (answer.status === 429) limiter.holdFor(wait);
      else await sleep(wait);
    }
  }

  function parse<T>(schema: ZodType<T>, json: unknown, path: string): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = new URL(path, baseUrl).pathname;
      throw new AmoCrmError(`amoCRM answered ${where} with an unexpected payload:\n${z.prettifyError(parsed.error)}`);
    }
    return parsed.data;
  }

  async function fetchPage<T>(path: string, key: string, item: ZodType<T>): Promise<Page<T> | null> {
    const json = await get(path);
    if (json === null) return null;
    const page = parse(collectionSchema(key, item), json, path);
    const next = page._links?.next ? new URL(page._links.next.href, baseUrl) : null;
    // Follow `next` on our own base URL: behind a proxy or with the stand-in, its host may differ from ours.
    return { items: page._embedded[key] ?? [], next: next ? `${next.pathname}${next.search}` : null };
  }

  /**
   * Pages of a collection, following `_links.next` until it is absent or a page answers 204. The next page
   * is requested while the caller works on the current one, which keeps the rate limit, not the caller, the
   * bottleneck.
   */
  async function* pages<T>(path: string, key: string, item: ZodType<T>): AsyncGenerator<T[]> {
    let pending: Promise<Page<T> | null> | null = fetchPage(path, key, item);
    while (pending) {
      const page: Page<T> | null = await pending;
      if (!page) return;
      pending = page.next ? fetchPage(page.next, key, item) : null;
      // If the caller stops early, the prefetched page's failure must not surface as an unhandled rejection.
      pending?.catch(() => {});
      yield page.items;
    }
  }

  /** The items of a collection with these ids, 250 per request; ids amoCRM no longer has are skipped. */
  async function* byIds<T>(
    path: string,
    key: string,
    item: ZodType<T>,
    ids: readonly number[],
    extra: Query = [],
  ): AsyncGenerator<T[]> {
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += PAGE_LIMIT) {
      const chunk = unique.slice(start, start + PAGE_LIMIT);
      const query: Query = [...extra, ...chunk.map((id): Query[number] => ['filter[id][]', id]), ['limit', PAGE_LIMIT]];
      // A chunk fits on one page, so `next` (offered whenever a page is full) would only lead to a 204.
      const page = await fetchPage(withQuery(path, query), key, item);
      if (page && page.items.length > 0) yield page.items;
    }
  }

  async function all<T>(path: string, key: string, item: ZodType<T>): Promise<T[]> {
    const items: T[] = [];
    for await (const page of pages(path, key, item)) items.push(...page);
    return items;
  }

  return {
    /** The account the token belongs to; also the cheapest way to check a token. */
    account: async (): Promise<AmoAccount> => parse(AccountSchema, await get('/api/v4/account'), '/api/v4/account'),

    /** The account's users, 250 a page; amoCRM lists them only to a token of an account administrator (else 403). */
    users: (): Promise<AmoUser[]> => all(withQuery('/api/v4/users', [['limit', PAGE_LIMIT]]), 'users', UserSchema),

    /** Lead pipelines, each with its statuses (142 won and 143 lost appear in every pipeline). */
    pipelines: (): Promise<AmoPipeline[]> => all('/api/v4/leads/pipelines', 'pipelines', PipelineSchema),

    lossReasons: (): Promise<AmoLossReason[]> =>
      all(withQuery('/api/v4/leads/loss_reasons', [['limit', PAGE_LIMIT]]), 'loss_reasons', LossReasonSchema),

    /** Custom fields of leads, among them the payment-method field chosen in settings. */
    leadFields: (): Promise<AmoCustomField[]> =>
      all(withQuery('/api/v4/leads/custom_fields', [['limit', PAGE_LIMIT]]), 'custom_fields', CustomFieldSchema),

    /**
     * Leads changed at or after `since` (unix seconds), oldest change first, with their contacts and loss
     * reason, one page of up to 250 at a time. Paging is by position: a lead changed while the pages are being
     * read moves to the end of the list and can shift one unchanged lead onto a page already read.
     */
    leadsUpdatedSince(since: number): AsyncGenerator<AmoLead[]> {
      assertTimestamp(since);
      const query: Query = [
        ['with', 'contacts,loss_reason'],
        ['filter[updated_at][from]', since],
        ['order[updated_at]', 'asc'],
        ['limit', PAGE_LIMIT],
        ['page', 1],
      ];
      return pages(withQuery('/api/v4/leads', query), 'leads', LeadSchema);
    },

    /** The leads with these ids, as leadsUpdatedSince gives them, 250 per request; ids amoCRM no longer has are skipped. */
    leadsByIds: (ids: readonly number[]): AsyncGenerator<AmoLead[]> =>
      byIds('/api/v4/leads', 'leads', LeadSchema, ids, [['with', 'contacts,loss_reason']]),

    /** The contacts with these ids, 250 per request; ids amoCRM no longer has are skipped. */
    contactsByIds: (ids: readonly number[]): AsyncGenerator<AmoContact[]> =>
      byIds('/api/v4/contacts', 'contacts', ContactSchema, ids),

    /** Incoming and outgoing call notes on leads or on contacts changed at or after `since`; duration in seconds. */
    callNotesSince(entity: NoteEntity, since: number): AsyncGenerator<AmoCallNote[]> {
      assertTimestamp(since);
      const query: Query = [
        ...CALL_NOTE_TYPES.map((type): Query[number] => ['filter[note_type][]', type]),
        ['filter[updated_at][from]', since],
        ['order[updated_at]', 'asc'],
        ['limit', PAGE_LIMIT],
        ['page', 1],
      ];
      return pages(withQuery(`/api/v4/${entity}/notes`, query), 'notes', CallNoteSchema);
    },

    /** Chat messages sent by users at or after `since`, newest first, 100 per page as the events list allows. */
    outgoingChatMessagesSince(since: number): AsyncGenerator<AmoChatMessageEvent[]> {
      assertTimestamp(since);
      const query: Query = [
        ['filter[type]', 'outgoing_chat_message'],
        ['filter[created_at][from]', since],
        ['limit', EVENTS_PAGE_LIMIT],
        ['page', 1],
      ];
      return pages(withQuery('/api/v4/events', query), 'events', ChatMessageEventSchema);
    },
  };
}

export type AmoCrmClient = ReturnType<typeof createAmoCrmClient>;
