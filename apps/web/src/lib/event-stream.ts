import { apiStream } from './api-client';

/** One server-sent event: its name ("message" when the stream names none) and its data. */
export type ServerEvent = { name: string; data: string };

/** The complete events of a piece of a stream, the reconnection time it set (if any), and the text still arriving. */
export type StreamPiece = { events: ServerEvent[]; retryMs: number | null; rest: string };

/** Until the server says otherwise (`retry:`), as EventSource does. */
const DEFAULT_RETRY_MS = 3000;
/** However long an outage lasts, the stream is tried again at least this often. */
const MAX_RECONNECT_MS = 60_000;
/**
 * The server writes a comment every 20 s; a stream silent for this long has died without saying so (a network
 * that dropped the connection), and is opened again.
 */
const SILENCE_LIMIT_MS = 50_000;

/**
 * Reads the events of event-stream text as HTML's server-sent events define them: fields line by line, an event
 * ended by a blank line, comments (":") and unknown fields skipped, an event without data not dispatched. The text
 * after the last blank line is an event still arriving, returned as `rest` to be read again with what follows.
 */
export function readEventStream(text: string): StreamPiece {
  // A CR at the very end may be the first half of a CRLF.
  const held = text.endsWith('\r') ? '\r' : '';
  const lines = (held ? text.slice(0, -1) : text).replace(/\r\n?/g, '\n');
  const end = lines.lastIndexOf('\n\n');
  const events: ServerEvent[] = [];
  let retryMs: number | null = null;
  if (end < 0) return { events, retryMs, rest: lines + held };
  let name = '';
  let data: string[] = [];
  for (const line of [...lines.slice(0, end).split('\n'), '']) {
    if (line === '') {
      if (data.length > 0) events.push({ name: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }
  return { events, retryMs, rest: lines.slice(end + 2) + held };
}

/**
 * How long to wait before opening a stream again after `failures` attempts in a row came to nothing: the server's
 * reconnection time after a stream that was open breaks, doubled for each attempt that could not open it, so that
 * a long outage is not met by a request every few seconds from every board.
 */
export function reconnectDelay(retryMs: number, failures: number): number {
  return Math.min(retryMs * 2 ** Math.max(failures - 1, 0), MAX_RECONNECT_MS);
}

export type EventStreamHandlers = {
  /** The stream is open, the first time or again: anything that happened while it was not is not in it. */
  onOpen: () => void;
  onEvent: (event: ServerEvent) => void;
  /** The stream broke or could not be opened; it is tried again by itself. */
  onBroken: () => void;
};

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows a server-sent event stream of the API until the returned function is called, reconnecting by itself
 * like EventSource (which cannot send the session's bearer token) after the server's `retry:` time, and also when
 * the stream falls silent.
 */
export function followEventStream(path: string, handlers: EventStreamHandlers): () => void {
  const stopped = new AbortController();
  const follow = async () => {
    let retryMs = DEFAULT_RETRY_MS;
    let failures = 0;
    while (!stopped.signal.aborted) {
      const attempt = new AbortController();
      const abandon = () => attempt.abort();
      stopped.signal.addEventListener('abort', abandon);
      let silence: ReturnType<typeof setTimeout> | undefined;
      const heard = () => {
        clearTimeout(silence);
        silence = setTimeout(abandon, SILENCE_LIMIT_MS);
      };
      try {
        heard();
        const reader = (await apiStream(path, attempt.signal)).getReader();
        failures = 0;
        handlers.onOpen();
        const decoder = new TextDecoder();
        let rest = '';
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          heard();
          const piece = readEventStream(rest + decoder.decode(read.value, { stream: true }));
          rest = piece.rest;
          retryMs = piece.retryMs ?? retryMs;
          for (const event of piece.events) handlers.onEvent(event);
        }
      } catch {
        // Refused, unreachable, broken or gone silent: opened again below, unless stopped.
      } finally {
        clearTimeout(silence);
        stopped.signal.removeEventListener('abort', abandon);
      }
      if (stopped.signal.aborted) return;
      failures += 1;
      handlers.onBroken();
      await wait(reconnectDelay(retryMs, failures), stopped.signal);
    }
  };
  void follow();
  return () => stopped.abort();
}
