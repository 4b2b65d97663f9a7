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

/**
 * The chunks the entry imports, found once the bundle is complete: every page has loaded them before any lazy
 * import runs, so naming them again in each lazy import's preload list only weighs on the entry, which carries
 * the lists of every screen (the sign-in budget of e2e/web-delivery.spec.ts).
 */
function entryChunks(): { plugin: Plugin; loaded: Set<string> } {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'components-master:entry-chunks',
    apply: 'build',
    // Runs before Vite's own generateBundle writes the preload lists (it is a post plugin).
    generateBundle(_options, bundle) {
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (loaded.has(fileName) || chunk?.type !== 'chunk') return;
        loaded.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
  return { plugin, loaded };
}

const entry = entryChunks();

/**
 * The libraries' modules the sign-in page runs, in one chunk of their own. Left to itself the bundler groups a module
 * with the others that the same lazy chunks import, so every new screen or UI-kit page that imports some of them and
 * not others split them further, and each split weighs on the first screen (ADR 0045). Only these: a whole library
 * here would bring the sign-in page code it never runs.
 */
const FIRST_SCREEN_LIBRARIES = new RegExp(
  [
    'node_modules/(react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|clsx)/',
    'node_modules/@tanstack/(router-core|react-router|history|store|react-store|query-core|react-query)/',
    'node_modules/@mantine/hooks/esm/(use-color-scheme|use-did-update|use-id|use-isomorphic-effect|use-media-query|use-reduced-motion|use-uncontrolled|utils)/',
    'node_modules/@mantine/core/esm/core/',
    'node_modules/@mantine/core/esm/components/(Input|InputBase|TextInput|PasswordInput|Transition|Button|ActionIcon|Loader|Alert|CloseButton|Title|Group|Text|Paper|Stack|UnstyledButton|Center)/',
  ]
    .join('|')
    .replaceAll('/', '[\\\\/]'),
);

export default defineConfig({
  plugins: [react(), precompress(), entry.plugin],
  build: {
    // Which chunk holds which module: the delivery budget (e2e/web-delivery.spec.ts) checks what a route loads.
    manifest: true,
    modulePreload: {
      // Every browser the product supports preloads modules itself (Chromium, Firefox and Safari have for years).
      polyfill: false,
      resolveDependencies: (_file, dependencies) => dependencies.filter((dependency) => !entry.loaded.has(dependency)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod and the switch that keeps it from trying eval share one chunk: every schema is built by a chunk
            // that imports this one, so the switch has run before the first schema, wherever the bundler puts the
            // schemas (src/lib/zod-without-eval.ts).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval/ },
            { name: 'first-screen', test: FIRST_SCREEN_LIBRARIES },
          ],
        },
      },
    },
  },
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['source'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
