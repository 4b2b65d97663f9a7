import type { LookupAddress } from 'node:dns';
import { lookup as lookupHost } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Addresses no account on the internet has: this machine, private networks, link-local (cloud metadata), and reserved ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** An outbound request to an address that is not public, refused before any connection is made. */
export class OutboundAddressRefused extends Error {
  constructor(readonly host: string) {
    super(`${host} is not a public internet address`);
    this.name = 'OutboundAddressRefused';
  }
}

/** Whether an IP address is on the public internet; an IPv4-mapped IPv6 address is judged as its IPv4 one. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Whether a URL's host is, or resolves only to, public addresses. A host that does not resolve is not
 * judged here (null): the request will fail on its own.
 */
export async function pointsToPublicAddresses(url: URL): Promise<boolean | null> {
  const host = bareHost(url);
  if (isIP(host)) return isPublicAddress(host);
  let addresses: LookupAddress[];
  try {
    addresses = await lookupHost(host, { all: true, verbatim: true });
  } catch {
    return null;
  }
  return addresses.every((entry) => isPublicAddress(entry.address));
}

/** Bytes of an answer read at most: far above any page amoCRM sends, and a bound on what a host can make us hold. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * A `fetch` for GET requests to outside services that connects only to public addresses: the host is
 * resolved and every address checked *by the connection itself* (its DNS lookup), so a name that resolves
 * to a public address when checked and to 127.0.0.1 when connecting cannot slip through.
 * Refusals reject with OutboundAddressRefused as the cause.
 */
export const publicOnlyFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const host = bareHost(url);
  if (isIP(host) && !isPublicAddress(host))
    throw new TypeError('fetch failed', { cause: new OutboundAddressRefused(host) });
  const request = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : null;
  if (!request) throw new TypeError(`unsupported protocol ${url.protocol}`);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return new Promise<Response>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'GET',
        headers,
        signal: init?.signal ?? undefined,
        lookup: (hostname, options, callback) => {
          lookupHost(hostname, { all: true, verbatim: true }).then(
            (addresses) => {
              const refused = addresses.find((entry) => !isPublicAddress(entry.address));
              if (refused || addresses.length === 0) {
                callback(new OutboundAddressRefused(hostname), '', 0);
              } else if (options.all) {
                (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
              } else {
                const [first] = addresses;
                callback(null, first?.address ?? '', first?.family ?? 4);
              }
            },
            (error: NodeJS.ErrnoException) => callback(error, '', 0),
          );
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            incoming.destroy(new Error(`the answer is larger than ${MAX_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
            else if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
          }
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: responseHeaders }));
        });
      },
    );
    outgoing.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    outgoing.end();
  });
};
