import type { FastifyInstance } from 'fastify';

/**
 * The lines the app's logger writes from now on, as written: every request, child and service logger shares the root
 * logger's stream, which is replaced by one that keeps them.
 */
export function capturedLogLines(instance: FastifyInstance): string[] {
  const lines: string[] = [];
  for (let logger: object | null = instance.log; logger; logger = Object.getPrototypeOf(logger)) {
    const symbol = Object.getOwnPropertySymbols(logger).find((candidate) => candidate.description === 'pino.stream');
    const stream = symbol && (logger as Record<symbol, { write(line: string): unknown } | undefined>)[symbol];
    if (!stream) continue;
    stream.write = (line: string) => {
      lines.push(line);
      return true;
    };
    return lines;
  }
  throw new Error('the pino stream of the app logger was not found');
}
