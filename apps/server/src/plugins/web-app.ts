import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC } from './auth.js';
import { problemOf, sendProblem } from './errors.js';

/**
 * Serves the built web app from the API's origin. Paths that are no file fall back to index.html so the
 * client router can handle them; unknown /api/* paths stay JSON 404s.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string | null }) => {
  const { root } = options;
  if (root) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: PUBLIC };
      });
      await web.register(fastifyStatic, {
        root,
        setHeaders(response, filePath) {
          // Vite fingerprints everything under assets/, so those never change; the rest must be revalidated.
          response.header(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (root && wantsPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendProblem(reply, problemOf('NOT_FOUND'));
  });
});
