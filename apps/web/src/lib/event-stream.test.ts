import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followEventStream, readEventStream, reconnectDelay, type ServerEvent } from './event-stream';

describe('reading an event stream', () => {
  it('reads named events, the reconnection time and comments as the leaderboard stream writes them', () => {
    const piece = readEventStream('retry: 3000\n\n: keep-alive\n\nevent: results\ndata: {"at":"2026-03-01"}\n\n');
    expect(piece).toEqual({
      events: [{ name: 'results', data: '{"at":"2026-03-01"}' }],
      retryMs: 3000,
      rest: '',
    });
  });

  it('keeps an event still arriving for the next piece, whichever line it is cut in', () => {
    const text = 'event: results\ndata: one\n\nevent: results\ndata: two\n\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const first = readEventStream(text.slice(0, cut));
      const second = readEventStream(first.rest + text.slice(cut));
      expect(
        [...first.events, ...second.events].map((event) => event.data),
        `cut at ${cut}`,
      ).toEqual(['one', 'two']);
      expect(second.rest).toBe('');
    }
  });

  it('reads CRLF and CR line ends, also a CRLF cut between two pieces', () => {
    const first = readEventStream('data: one\r\n\r');
    expect(first.events).toEqual([]);
    const second = readEventStream(`${first.rest}\ndata: two\r\rdata: three\r\n\r\n`);
    expect(second.events.map((event) => event.data)).toEqual(['one', 'two', 'three']);
  });

  it('joins data lines, names an unnamed event "message", and dispatches no event without data', () => {
    const piece = readEventStream('data: a\ndata:b\n\nevent: results\n\nid: 7\nretry: soon\ndata\n\n');
    expect(piece.events).toEqual<ServerEvent[]>([
      { name: 'message', data: 'a\nb' },
      { name: 'message', data: '' },
    ]);
    expect(piece.retryMs).toBeNull();
  });
});

describe('waiting to reconnect', () => {
  it("waits the server's time after a break, doubling for each attempt that failed, at most a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => reconnectDelay(3000, failures))).toEqual([
      3000, 6000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('following an event stream', () => {
  const encoder = new TextEncoder();
  /** A stream answer that sends these pieces and then ends, as a server does when it restarts. */
  const streamOf = (...pieces: string[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(encoder.encode(piece));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => (key === 'accessToken' ? 'token' : null),
      setItem: () => undefined,
      removeItem: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, hands over events, and opens again after a break in the time the server asked for', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(streamOf('retry: 5\n\nevent: results\nda', 'ta: first\n\n'))
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockImplementation(async () => streamOf('event: results\ndata: second\n\n'));
    vi.stubGlobal('fetch', fetch);
    const seen: string[] = [];
    const stop = followEventStream('/sales/leaderboard/events', {
      onOpen: () => seen.push('open'),
      onEvent: (event) => seen.push(`${event.name} ${event.data}`),
      onBroken: () => seen.push('broken'),
    });
    try {
      await vi.waitFor(() => expect(seen).toContain('results second'));
    } finally {
      stop();
    }
    expect(seen.slice(0, 6)).toEqual(['open', 'results first', 'broken', 'broken', 'open', 'results second']);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/sales/leaderboard/events');
    expect(init?.headers).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer token' });
  });

  it('stops for good once told to', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(null, { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const onBroken = vi.fn();
    const stop = followEventStream('/sales/leaderboard/events', { onOpen: vi.fn(), onEvent: vi.fn(), onBroken });
    await vi.waitFor(() => expect(onBroken).toHaveBeenCalledOnce());
    stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledOnce();
  });
});
