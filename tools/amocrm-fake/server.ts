import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  type FakeAccountData,
  type FakeEvent,
  type FakeLead,
  type FakeNote,
  type FakeUser,
  generateAccountData,
  LOST_STATUS_ID,
  type NoteEntity,
  WON_STATUS_ID,
} from './data.js';
import { problem, type Reply } from './hal.js';
import { route } from './routes.js';

export type AmoCrmFakeOptions = {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  /** The long-lived token that requests must carry as `Authorization: Bearer <token>`. */
  token: string;
  users: number;
  leads: number;
  seed?: number;
  /** Requests allowed in any sliding second before the stand-in answers 429, as amoCRM does. */
  rateLimitPerSecond?: number;
  /** Unix seconds that generated dates count back from; pass it with the seed for byte-identical data. */
  now?: number;
};

export type RequestRecord = {
  /** Arrival time in milliseconds on a monotonic clock (`performance.now()`). */
  at: number;
  method: string;
  path: string;
  query: string;
  status: number;
};

/** A response to force: 429 carries Retry-After, any other status a problem body. */
export type Fault = { status: number; retryAfterSeconds?: number };

export type LeadChanges = Partial<
  Pick<FakeLead, 'name' | 'price' | 'status_id' | 'pipeline_id' | 'responsible_user_id' | 'loss_reason_id'>
>;

export type NewCallNote = {
  entity: NoteEntity;
  entityId: number;
  direction: 'in' | 'out';
  durationSeconds: number;
  /** Defaults to the lead's or contact's responsible user. */
  userId?: number;
  /** Unix seconds; defaults to now. */
  createdAt?: number;
};

export type WebhookEvent = 'add' | 'update' | 'status' | 'responsible' | 'restore' | 'delete';
export type MinimalLeadEvent = { id: number; status_id?: number; old_status_id?: number; pipeline_id?: number };

export type AmoCrmFakeControl = {
  /** The account as the stand-in serves it; read it to know what a sync should find. */
  readonly data: FakeAccountData;
  /** Changes a lead as a manager would in amoCRM, which moves its `updated_at` forward. */
  changeLead(id: number, changes?: LeadChanges): FakeLead;
  /** Moves `updated_at` forward without changing anything else. */
  touchLeads(ids: readonly number[]): void;
  addCallNote(note: NewCallNote): FakeNote;
  addOutgoingMessage(message: { leadId: number; userId?: number; createdAt?: number }): FakeEvent;
  /** Adds a user to the account, with no leads; a name or e-mail left out is absent from what the stand-in serves. */
  addUser(user: { name?: string; email?: string }): FakeUser;
  /** Answers the next `count` requests with `fault` instead of serving them. */
  failNext(count: number, fault: Fault): void;
  /**
   * Acts as an account whose filtering of lead lists by time of change is off (an optional amoCRM feature):
   * `filter[updated_at]` on leads is then ignored, and every lead is listed.
   */
  ignoreLeadsUpdatedFilter(ignore: boolean): void;
  /**
   * The form body of a lead webhook as many accounts and every Digital Pipeline hook send it: ids and statuses
   * only (amoCRM's documented `leads[status]` example has not even the pipeline), with the account's id and
   * subdomain. Post it as `application/x-www-form-urlencoded`.
   */
  minimalWebhook(event: WebhookEvent, leads: readonly MinimalLeadEvent[]): string;
  /** Replaces the valid token, e.g. to revoke the one a sync is using. */
  setToken(token: string): void;
  requests(): RequestRecord[];
  resetRequests(): void;
  /** The most requests that arrived within any one second. */
  peakRequestsPerSecond(): number;
};

export type AmoCrmFake = { url: string; token: string; close(): Promise<void>; control: AmoCrmFakeControl };

const RATE_WINDOW_MS = 1_000;
const RATE_LIMIT_RETRY_AFTER_SECONDS = 1;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function faultReply(fault: Fault): Reply {
  if (fault.status === 429) return tooManyRequests(fault.retryAfterSeconds ?? RATE_LIMIT_RETRY_AFTER_SECONDS);
  if (fault.status >= 500 && fault.status !== 500) {
    // What a gateway in front of a service usually sends: HTML, not problem+json.
    return {
      status: fault.status,
      body: `<html><body><h1>${fault.status}</h1></body></html>`,
      contentType: 'text/html',
    };
  }
  const titles: Record<number, string> = {
    400: 'Bad Request',
    402: 'Payment Required',
    403: 'Forbidden',
    500: 'ErrInternalServer',
  };
  return problem(fault.status, titles[fault.status] ?? 'Error', `Injected ${fault.status} from the amoCRM stand-in`);
}

function tooManyRequests(retryAfterSeconds: number): Reply {
  const reply = problem(
    429,
    'Too Many Requests',
    'You have sent too many requests in a given amount of time. Please try again later.',
    { retry_after: retryAfterSeconds },
  );
  return { ...reply, headers: { 'Retry-After': String(retryAfterSeconds) } };
}

function send(response: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 204 || reply.body === undefined) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  headers['Content-Type'] = reply.contentType ?? 'application/hal+json';
  const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  response.writeHead(reply.status, headers).end(body);
}

/** Starts a local stand-in for amoCRM API v4 serving a generated account; see tools/amocrm-fake/README.md. */
export async function startAmoCrmFake(options: AmoCrmFakeOptions): Promise<AmoCrmFake> {
  const data = generateAccountData({
    users: options.users,
    leads: options.leads,
    seed: options.seed ?? 1,
    now: options.now ?? nowSeconds(),
  });
  const rateLimit = options.rateLimitPerSecond ?? 7;
  let token = options.token;
  const faults: Fault[] = [];
  const log: RequestRecord[] = [];
  const recentArrivals: number[] = [];
  let base = '';
  let leadsUpdatedFilterIgnored = false;

  function answer(request: IncomingMessage, url: URL, arrivedAt: number): Reply {
    while (recentArrivals.length > 0 && (recentArrivals[0] ?? 0) <= arrivedAt - RATE_WINDOW_MS) recentArrivals.shift();
    // Every arrival counts towards the limit, refused ones too. Forced answers come first, so that a test gets
    // exactly the answers it asked for.
    recentArrivals.push(arrivedAt);
    const fault = faults.shift();
    if (fault) return faultReply(fault);
    if (recentArrivals.length > rateLimit) return tooManyRequests(RATE_LIMIT_RETRY_AFTER_SECONDS);
    if (request.headers.authorization !== `Bearer ${token}`) {
      return problem(401, 'Unauthorized', 'Invalid user name or password');
    }
    if (request.method !== 'GET') return problem(405, 'Method Not Allowed', 'Method Not Allowed');
    if (leadsUpdatedFilterIgnored && url.pathname === '/api/v4/leads') {
      for (const name of [...url.searchParams.keys()]) {
        if (name.startsWith('filter[updated_at]')) url.searchParams.delete(name);
      }
    }
    return route(url, data, base);
  }

  const server = createServer((request, response) => {
    const arrivedAt = performance.now();
    const url = new URL(request.url ?? '/', base);
    let reply: Reply;
    try {
      reply = answer(request, url, arrivedAt);
    } catch (error) {
      reply = problem(500, 'ErrInternalServer', error instanceof Error ? error.message : String(error));
    }
    log.push({
      at: arrivedAt,
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      status: reply.status,
    });
    send(response, reply);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  base = `http://${host}:${address.port}`;

  const leadById = (id: number): FakeLead => {
    const lead = data.leads.find((candidate) => candidate.id === id);
    if (!lead) throw new Error(`the stand-in has no lead ${id}`);
    return lead;
  };
  const bump = (lead: FakeLead) => {
    lead.updated_at = Math.max(nowSeconds(), lead.updated_at + 1);
    lead.updated_by = lead.responsible_user_id;
  };
  let controlIds = 0;

  const control: AmoCrmFakeControl = {
    data,
    changeLead(id, changes = {}) {
      const lead = leadById(id);
      Object.assign(lead, changes);
      if (changes.status_id !== undefined) {
        const closed = changes.status_id === WON_STATUS_ID || changes.status_id === LOST_STATUS_ID;
        lead.closed_at = closed ? (lead.closed_at ?? nowSeconds()) : null;
        if (changes.status_id !== LOST_STATUS_ID) lead.loss_reason_id = null;
      }
      bump(lead);
      return lead;
    },
    touchLeads(ids) {
      for (const id of ids) bump(leadById(id));
    },
    addCallNote(note) {
      const owner =
        note.entity === 'leads'
          ? leadById(note.entityId)
          : data.contacts.find((contact) => contact.id === note.entityId);
      if (!owner) throw new Error(`the stand-in has no contact ${note.entityId}`);
      const createdAt = note.createdAt ?? nowSeconds();
      const userId = note.userId ?? owner.responsible_user_id;
      const uniq = `control-${++controlIds}`;
      const record: FakeNote = {
        id: 90_000_001 + data.notes.length,
        entity_type: note.entity,
        entity_id: note.entityId,
        created_by: userId,
        updated_by: userId,
        created_at: createdAt,
        updated_at: createdAt,
        responsible_user_id: userId,
        group_id: 0,
        note_type: note.direction === 'in' ? 'call_in' : 'call_out',
        params: {
          uniq,
          duration: note.durationSeconds,
          source: 'Telephony',
          link: `https://records.example.com/${uniq}.mp3`,
          phone: '+7 900 000-00-00',
          call_result: note.durationSeconds > 0 ? 'Разговор состоялся' : '',
          call_status: note.durationSeconds > 0 ? 4 : 6,
        },
        account_id: data.account.id,
      };
      data.notes.push(record);
      return record;
    },
    addOutgoingMessage(message) {
      const lead = leadById(message.leadId);
      const id = String(++controlIds).padStart(26, '0');
      const event: FakeEvent = {
        id,
        type: 'outgoing_chat_message',
        entity_id: lead.id,
        entity_type: 'lead',
        created_by: message.userId ?? lead.responsible_user_id,
        created_at: message.createdAt ?? nowSeconds(),
        value_after: [{ message: { id, origin: 'telegram', talk_id: 1 } }],
        value_before: [],
        account_id: data.account.id,
      };
      data.events.push(event);
      return event;
    },
    addUser(user) {
      const record: FakeUser = {
        id: Math.max(...data.users.map((existing) => existing.id)) + 1,
        ...user,
        lang: 'en',
        rights: { is_admin: false, is_free: false, is_active: true, group_id: null, role_id: null },
      };
      data.users.push(record);
      return record;
    },
    failNext(count, fault) {
      for (let index = 0; index < count; index++) faults.push(fault);
    },
    minimalWebhook(event, leads) {
      const form = new URLSearchParams();
      leads.forEach((lead, index) => {
        for (const [name, value] of Object.entries(lead))
          form.append(`leads[${event}][${index}][${name}]`, String(value));
      });
      form.append('account[id]', String(data.account.id));
      form.append('account[subdomain]', data.account.subdomain);
      return form.toString();
    },
    ignoreLeadsUpdatedFilter(ignore) {
      leadsUpdatedFilterIgnored = ignore;
    },
    setToken(next) {
      token = next;
    },
    requests: () => [...log],
    resetRequests() {
      log.length = 0;
    },
    peakRequestsPerSecond() {
      let peak = 0;
      let first = 0;
      for (let last = 0; last < log.length; last++) {
        const lastAt = log[last]?.at ?? 0;
        while ((log[first]?.at ?? lastAt) <= lastAt - RATE_WINDOW_MS) first++;
        peak = Math.max(peak, last - first + 1);
      }
      return peak;
    },
  };

  return {
    url: base,
    token: options.token,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
