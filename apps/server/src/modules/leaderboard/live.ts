import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { RECONNECTED } from '../../db/notifications.js';

/** The channel the sales read model's triggers notify: a department's id, or '*' for every department. */
const CHANNEL = 'sales_results';
/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;

/**
 * Live boards (issue #25): server-sent event streams of the leaderboard, one per open board, told when their
 * department's results change. The database says so (NOTIFY from the read model's triggers), so a lead won through
 * any instance reaches the boards of every instance.
 */
export function liveBoards(listen: DatabaseHandle['listen']) {
  const streams = new Map<string, Set<FastifyReply>>();
  let listening: Promise<unknown> | null = null;
  let heartbeat: NodeJS.Timeout | undefined;

  const send = (reply: FastifyReply, text: string) => {
    reply.raw.write(text);
  };

  function changed(payload: string) {
    const event = `event: results\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`;
    const everyone = payload === '*' || payload === RECONNECTED;
    for (const [department, replies] of streams) {
      if (everyone || department === payload) for (const reply of replies) send(reply, event);
    }
  }

  return {
    /** Keeps `reply` open as an event stream of `department`'s changes until the client or the server closes it. */
    async open(department: string, reply: FastifyReply) {
      listening ??= listen(CHANNEL, changed);
      await listening;
      heartbeat ??= setInterval(() => {
        for (const replies of streams.values()) for (const stream of replies) send(stream, ': keep-alive\n\n');
      }, HEARTBEAT_MS).unref();
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // A proxy must pass events on as they come (nginx buffers otherwise).
        'x-accel-buffering': 'no',
      });
      // The browser reconnects by itself after 3 s when the stream breaks (a restart, a network change).
      send(reply, 'retry: 3000\n\n');
      const replies = streams.get(department) ?? new Set<FastifyReply>();
      replies.add(reply);
      streams.set(department, replies);
      reply.raw.on('close', () => {
        replies.delete(reply);
        if (replies.size === 0) streams.delete(department);
      });
    },

    /** Ends every stream: the server is closing, and the boards reconnect to another instance. */
    close() {
      clearInterval(heartbeat);
      for (const replies of streams.values()) for (const reply of replies) reply.raw.end();
      streams.clear();
    },
  };
}
