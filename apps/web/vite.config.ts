import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Files worth sending compressed: text. */
const TEXT_FILE = /\.(js|css|html|svg|json|txt)$/;
/** Smaller files gain less from compression than a request's headers weigh. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (best quality) and a gzip copy beside every text file of the build, once, so that the
 * server sends them as they are (`preCompressed` in apps/server/src/plugins/web-app.ts) and never spends a
 * request's time compressing the same file again.
 */
function precompress(): Plugin {
  return {
    name: 'components-master:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const directory = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!TEXT_FILE.test(fileName)) continue;
        const file = path.join(directory, fileName);
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    // Which chunk holds which module: the delivery budget (e2e/web-delivery.spec.ts) checks what a route loads.
    manifest: true,
  },
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['source'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
