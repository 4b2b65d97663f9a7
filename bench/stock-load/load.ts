// The two ways of offering load: the closed model (autocannon's clients, each waiting for its answer) and the
// open model (requests started on a schedule whatever the answers), and the percentiles of what they measured.
import http from 'node:http';
import autocannon from 'autocannon';

/** CONNECTIONS and TIMEOUT of the entry point's header. */
export type LoadOptions = { connections: number; timeoutSeconds: number };

export type Measured = { latencies: number[]; statusCounts: Record<string, number>; errors: number; seconds: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Closed model: `connections` clients, each sending its next request as soon as the previous one is answered. */
export async function closedLoop(
  baseUrl: string,
  requests: autocannon.Request[],
  duration: number,
  options: LoadOptions,
): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      // Long enough to measure slow answers instead of counting them as errors.
      { url: baseUrl, connections: options.connections, duration, timeout: options.timeoutSeconds, requests },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]),
  );
  return { latencies, statusCounts, errors: result.errors + result.timeouts, seconds: result.duration };
}

/**
 * Open model: `rate` requests per second, started at even intervals whatever the answers, over at most
 * `connections` keep-alive sockets. (autocannon's own rate limit sends each second's quota at once at the start
 * of the second, which measures bursts, not a steady rate.) A request's latency counts from when it was due.
 */
export async function atRate(
  baseUrl: string,
  requests: autocannon.Request[],
  duration: number,
  rate: number,
  options: LoadOptions,
): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const spec = requests[index % requests.length] as autocannon.Request;
      // The scenarios' setupRequest are functions (a string would name a module, for autocannon's workers).
      const request = typeof spec.setupRequest === 'function' ? spec.setupRequest({ ...spec }, {}) : spec;
      const outgoing = http.request(
        new URL(request.path ?? '/', baseUrl),
        { method: request.method ?? 'GET', headers: request.headers, agent, timeout: options.timeoutSeconds * 1000 },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            const code = String(response.statusCode);
            statusCounts[code] = (statusCounts[code] ?? 0) + 1;
            resolve();
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        errors++;
        resolve();
      });
      outgoing.end(request.body);
    });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; ) {
    const now = performance.now();
    for (; index < total && started + index * interval <= now; index++) {
      inFlight.push(send(index, started + index * interval));
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  // Until the last answer: when the server falls behind, the rate it answered at is below the offered one.
  return { latencies, statusCounts, errors, seconds: (performance.now() - started) / 1000 };
}
