// Webhook → board: N boards hold the leaderboard's server-sent event stream open (spread over the departments) and
// read the board again on each `results` event, as the TV board does; amoCRM webhooks then win open leads one at a
// time, and for each the time from the webhook's answer to each board of that department receiving its event, and
// to that board's fresh leaderboard having been read, is measured. The fresh board must show the won budget.
import http from 'node:http';
import { withClient } from '../stock-load/database.js';
import { percentile } from '../stock-load/load.js';
import { ACCOUNT_ID } from './data.js';
import type { SalesContext } from './scenarios.js';

type Board = {
  department: number;
  request: http.ClientRequest;
  /** When each `results` event arrived (performance.now()). */
  events: number[];
  /** When the leaderboard read after each event was answered, and the department's revenue it showed. */
  reads: { at: number; revenue: number }[];
  /** The revenue of the last read (the opening one before any event). */
  revenue: number;
};

/** An open lead a webhook can win. */
type OpenLead = {
  amoId: number;
  title: string;
  budgetMinor: number;
  pipelineAmoId: number;
  statusAmoId: number;
  responsible: number;
  createdAt: number;
};

export type LiveResult = {
  webhooks: number;
  /** Webhook request sent → answered, ms. */
  answers: number[];
  /** Webhook answered → event on a board of the department, ms (0 when the event came first). */
  events: number[];
  /** Webhook answered → that board's leaderboard read again, ms. */
  reads: number[];
  eventsBeforeAnswer: number;
  non2xx: Record<string, number>;
  missed: number;
  wrongRevenue: number;
  strayEvents: number;
  seconds: number;
};

async function readRevenue(context: SalesContext, department: number): Promise<number> {
  const response = await fetch(`${context.baseUrl}/api/sales/leaderboard`, {
    headers: { authorization: `Bearer ${context.tokens[department]}` },
  });
  if (response.status !== 200) throw new Error(`the board's leaderboard answered ${response.status}`);
  const board = (await response.json()) as { rows: { revenueMinor: number }[] };
  return board.rows.reduce((sum, row) => sum + row.revenueMinor, 0);
}

/** Opens a board: the event stream, with a read of the leaderboard after each event. Resolves once it streams. */
function openBoard(context: SalesContext, department: number): Promise<Board> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/sales/leaderboard/events', context.baseUrl);
    const board: Board = { department, request: undefined as never, events: [], reads: [], revenue: 0 };
    let reading = Promise.resolve();
    const request = http.get(
      url,
      { headers: { authorization: `Bearer ${context.tokens[department]}`, accept: 'text/event-stream' } },
      (response) => {
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode !== 200 || !type.startsWith('text/event-stream')) {
          response.resume();
          reject(new Error(`the event stream answered ${response.statusCode} ${type}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.split('\n').includes('event: results')) continue;
            board.events.push(performance.now());
            // One read after another, as a board does; each event gets its own read.
            reading = reading.then(async () => {
              const revenue = await readRevenue(context, department);
              board.reads.push({ at: performance.now(), revenue });
            });
          }
        });
        readRevenue(context, department).then((revenue) => {
          board.revenue = revenue;
          resolve(board);
        }, reject);
      },
    );
    request.on('error', reject);
    board.request = request;
  });
}

/** Why the server cannot serve live boards (no event stream route in this build), or null when it can. */
export async function liveBoardsMissing(context: SalesContext): Promise<string | null> {
  const controller = new AbortController();
  try {
    const response = await fetch(`${context.baseUrl}/api/sales/leaderboard/events`, {
      headers: { authorization: `Bearer ${context.tokens[0]}` },
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    return response.status === 200 && type.startsWith('text/event-stream')
      ? null
      : `GET /api/sales/leaderboard/events answered ${response.status} ${type}`;
  } finally {
    controller.abort();
  }
}

/** Open leads of each department's managers, in a fixed shuffled order: each webhook wins one. */
async function openLeads(context: SalesContext, perDepartment: number): Promise<OpenLead[][]> {
  return withClient(context.url, async (client) => {
    const lists: OpenLead[][] = [];
    for (const department of context.data.departments) {
      const { rows } = await client.query<Record<string, string>>(
        `select amo_id, title, budget_minor, pipeline_amo_id, status_amo_id, responsible_amo_user_id,
                extract(epoch from amo_created_at)::bigint as created_at
         from sales_leads
         where department_id = $1 and manager_user_id is not null and not deleted and status_amo_id not in (142, 143)
           and account_id = $2
         order by md5(amo_id::text) limit $3`,
        [department.id, ACCOUNT_ID, perDepartment],
      );
      lists.push(
        rows.map((row) => ({
          amoId: Number(row.amo_id),
          title: row.title ?? '',
          budgetMinor: Number(row.budget_minor),
          pipelineAmoId: Number(row.pipeline_amo_id),
          statusAmoId: Number(row.status_amo_id),
          responsible: Number(row.responsible_amo_user_id),
          createdAt: Number(row.created_at),
        })),
      );
    }
    return lists;
  });
}

/** A `leads[status]` webhook as amoCRM sends it (legacy field names, every value a string): the lead won now. */
function wonLeadBody(lead: OpenLead): string {
  const now = Math.floor(Date.now() / 1000);
  const form = new URLSearchParams();
  const put = (name: string, value: string | number) => form.append(`leads[status][0][${name}]`, String(value));
  put('id', lead.amoId);
  put('name', lead.title);
  put('status_id', 142);
  put('old_status_id', lead.statusAmoId);
  put('price', lead.budgetMinor / 100);
  put('responsible_user_id', lead.responsible);
  put('date_create', lead.createdAt);
  put('last_modified', now);
  put('closed_at', now);
  put('pipeline_id', lead.pipelineAmoId);
  put('old_pipeline_id', lead.pipelineAmoId);
  put('account_id', ACCOUNT_ID);
  put('created_at', lead.createdAt);
  put('updated_at', now);
  form.append('account[subdomain]', 'bench');
  form.append('account[id]', String(ACCOUNT_ID));
  return form.toString();
}

/** Waits until `done()` or `timeoutMs` passed; returns whether it was done. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return true;
}

/**
 * Opens `boards` boards, sends webhooks one after another for `duration` seconds (each after the previous one's
 * boards have read again, plus `gapMs`), and closes the boards.
 */
export async function webhooksToBoards(
  context: SalesContext,
  options: { boards: number; duration: number; gapMs: number; timeoutMs: number },
): Promise<LiveResult> {
  const departments = context.data.departments.length;
  const boards = await Promise.all(
    Array.from({ length: options.boards }, (_, index) => openBoard(context, index % departments)),
  );
  const leads = await openLeads(context, Math.ceil((options.duration * 1000) / Math.max(options.gapMs, 5)) + 10);
  const result: LiveResult = {
    webhooks: 0,
    answers: [],
    events: [],
    reads: [],
    eventsBeforeAnswer: 0,
    non2xx: {},
    missed: 0,
    wrongRevenue: 0,
    strayEvents: 0,
    seconds: 0,
  };
  const path = `/api/webhooks/amocrm/${context.data.webhookSecret}`;
  const started = performance.now();
  try {
    while (performance.now() - started < options.duration * 1000) {
      const department = Math.floor(Math.random() * departments);
      const lead = leads[department]?.shift();
      if (!lead) break;
      const mine = boards.filter((board) => board.department === department);
      const others = boards.filter((board) => board.department !== department);
      const seen = new Map(boards.map((board) => [board, board.events.length]));
      const sent = performance.now();
      const response = await fetch(`${context.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: wonLeadBody(lead),
      });
      const answer = (await response.json()) as { leads?: number };
      const answered = performance.now();
      result.webhooks++;
      result.answers.push(answered - sent);
      if (response.status !== 200 || answer.leads !== 1) {
        // A 200 that applied no lead is a failure too (the lead was not won).
        const key = response.status === 200 ? `leads=${answer.leads}` : String(response.status);
        result.non2xx[key] = (result.non2xx[key] ?? 0) + 1;
        continue;
      }
      const arrived = await until(
        () => mine.every((board) => board.reads.length > (seen.get(board) ?? 0)),
        options.timeoutMs,
      );
      for (const board of mine) {
        const index = seen.get(board) ?? 0;
        const event = board.events[index];
        const read = board.reads[index];
        if (event === undefined || read === undefined || !arrived) {
          result.missed++;
          continue;
        }
        if (event < answered) result.eventsBeforeAnswer++;
        result.events.push(Math.max(0, event - answered));
        result.reads.push(read.at - answered);
        if (read.revenue !== board.revenue + lead.budgetMinor) result.wrongRevenue++;
        board.revenue = read.revenue;
        // Any further event of this round (none expected) is not this webhook's.
        board.events.length = index + 1;
        board.reads.length = index + 1;
      }
      for (const board of others) {
        const extra = board.events.length - (seen.get(board) ?? 0);
        if (extra > 0) {
          result.strayEvents += extra;
          // Let its reads finish, then forget them: they were not asked for.
          await until(() => board.reads.length >= board.events.length, options.timeoutMs);
          board.revenue = board.reads.at(-1)?.revenue ?? board.revenue;
          board.events.length = seen.get(board) ?? 0;
          board.reads.length = seen.get(board) ?? 0;
        }
      }
      if (options.gapMs > 0) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    }
  } finally {
    result.seconds = (performance.now() - started) / 1000;
    for (const board of boards) board.request.destroy();
  }
  return result;
}

/** p50/p95/p99/max of a list of milliseconds, for a line of the report. */
export function spread(values: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
