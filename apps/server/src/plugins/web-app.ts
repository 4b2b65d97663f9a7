import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problemOf } from '../lib/app-error.js';
import { PUBLIC } from './auth.js';
import { sendProblem } from './errors.js';

/** A path the client router never has: the build's assets, or any name with a file extension. */
function isFilePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Serves the built web app from the API's origin. Paths that are no file fall back to index.html so the
 * client router can handle them; a missing file (an asset of an older build, say) and unknown /api/*
 * paths stay 404s, so a browser never runs the app's HTML as a script.
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
        // The build writes a .br and a .gz beside every text file (apps/web/vite.config.ts): sent as they are.
        preCompressed: true,
        // Nothing of the build's own bookkeeping (`.vite/manifest.json`) is served.
        dotfiles: 'ignore',
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
    if (root && wantsPage && !request.url.startsWith('/api/') && request.url !== '/api' && !isFilePath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendProblem(reply, problemOf('NOT_FOUND'));
  });
});
