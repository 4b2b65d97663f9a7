import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.js';
import { createUser, signIn } from '../../../test/factories.js';
import { closedLead, storeLeads } from '../../../test/sales-fixtures.js';
import { salesSettings } from '../sales-sync/settings.js';
import { upsertUser } from '../users/service.js';

let app: FastifyInstance;
let origin: string;
let manager: string;
let farManager: string;

/** An open event stream of the board: each chunk of text as it arrives, until `stop`. */
async function openBoard(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/sales/leaderboard/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      received += value;
    }
  })();
  /** Resolves once the stream has carried `text`, or fails after `ms`. */
  const waitFor = async (text: string, ms: number) => {
    const until = Date.now() + ms;
    while (!received.includes(text)) {
      if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms; received: ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    waitFor,
    events: () => received.split('event: results').length - 1,
    stop: async () => {
      controller.abort();
      await reading;
    },
  };
}

beforeAll(async () => {
  app = await buildTestApp();
  await salesSettings(app.db, 'Europe/Moscow');
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const person = async (amoId: number, department: string) => {
    const email = `live-${amoId}@example.com`;
    const { id } = await upsertUser(app.db, {
      email,
      password: 'long-enough-password',
      role: 'manager',
      amoId,
      departments: [department],
    });
    return (await signIn(app, { id, email, password: 'long-enough-password' })).accessToken;
  };
  manager = await person(4001, 'Live Sales');
  farManager = await person(4009, 'Far Live');
});

afterAll(async () => {
  await app.close();
});

describe('live boards', () => {
  it('hear of a won lead of their department at once, and not of another department', async () => {
    const board = await openBoard(manager);
    const far = await openBoard(farManager);
    await board.waitFor('retry: 3000', 2000);
    await far.waitFor('retry: 3000', 2000);

    await storeLeads(app, [closedLead({ amoId: 1, responsible: 4001, budgetMinor: 100_000, closedAt: new Date() })]);
    await board.waitFor('event: results', 2000);
    // Ten leads in one write: one event, not ten.
    await storeLeads(
      app,
      Array.from({ length: 10 }, (_, index) =>
        closedLead({ amoId: 10 + index, responsible: 4001, budgetMinor: 1000, closedAt: new Date() }),
      ),
    );
    const until = Date.now() + 2000;
    while (board.events() < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(board.events()).toBe(2);
    expect(far.events()).toBe(0);
    await board.stop();
    await far.stop();
  });

  it('are refused without a session or to workers', async () => {
    const worker = (await signIn(app, await createUser(app, { role: 'worker', departments: ['Live Sales'] })))
      .accessToken;
    expect((await fetch(`${origin}/api/sales/leaderboard/events`)).status).toBe(401);
    const refused = await fetch(`${origin}/api/sales/leaderboard/events`, {
      headers: { authorization: `Bearer ${worker}` },
    });
    expect(refused.status).toBe(403);
  });
});
