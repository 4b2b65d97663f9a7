import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a response is sent as it is: compressing it would cost more than the bytes saved. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly for clients that accept it: API JSON (a stock page of 100 rows shrinks to a
 * tenth), and exports, which stay streamed (each chunk is compressed as it passes). Brotli at a low quality
 * costs about what gzip does and saves more. The web app's own files are compressed once at build time and
 * served as they are (plugins/web-app.ts); an answer that already has a Content-Encoding is left alone.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
