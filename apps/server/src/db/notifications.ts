import pg from 'pg';

/** Calls `onPayload` with each notification's payload on `channel` until the returned function is called. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/** What a listener receives after its connection came back: notifications may have been missed meanwhile. */
export const RECONNECTED = '*';

const CHANNEL = /^[a-z_]+$/;
const RECONNECT_MS = 1000;

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to others). A connection
 * that fails is opened again after a second, its channels listened to again, and every listener is told
 * RECONNECTED, so that it reads again whatever it shows.
 */
export function postgresListener(
  options: pg.ClientConfig,
  log: (message: string) => void,
): { listen: Listen; close: () => Promise<void> } {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let connection: Promise<pg.Client> | null = null;
  let closed = false;

  const tell = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };

  function lost(client: pg.Client, reason: string) {
    if (closed) return;
    log(`notification connection lost: ${reason}`);
    client.removeAllListeners();
    client.end().catch(() => {});
    connection = null;
    setTimeout(() => {
      if (closed || listeners.size === 0) return;
      void connect()
        .then(() => {
          for (const channel of listeners.keys()) tell(channel, RECONNECTED);
        })
        .catch((error: Error) => log(`notification connection failed: ${error.message}`));
    }, RECONNECT_MS).unref();
  }

  function connect(): Promise<pg.Client> {
    connection ??= (async () => {
      const client = new pg.Client(options);
      client.on('notification', (message) => tell(message.channel, message.payload ?? ''));
      client.on('error', (error) => lost(client, error.message));
      client.on('end', () => lost(client, 'closed'));
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
      return client;
    })();
    const attempt = connection;
    // A connection that failed to open is tried again by the next listen, not kept as failed.
    attempt.catch(() => {
      if (connection === attempt) connection = null;
    });
    return attempt;
  }

  return {
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const known = listeners.get(channel);
      listeners.set(channel, new Set([...(known ?? []), onPayload]));
      const client = await connect();
      if (!known) await client.query(`LISTEN ${channel}`);
      return async () => {
        listeners.get(channel)?.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      const client = await connection?.catch(() => null);
      client?.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
