import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';

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

/** The sign-in page, whose code only a signed-out visit loads. */
const SIGN_IN_PAGE = 'src/features/auth/components/sign-in-page.tsx';
/** What every signed-in visit loads: the shell's layout and the user's query. */
const SHELL = ['src/app/layout/app-layout.tsx', 'src/lib/current-user.ts'];
/** The product's screens, each a lazy chunk; the UI kit's pages (developer mode only) are not counted. */
const SCREEN = /src\/features\/(?!ui-kit\/)/;

/** zod and the switch that keeps it from trying eval share one chunk, whatever else a stage puts together. */
const ZOD = { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval/ };

type Stages = { firstScreen: Set<string>; shell: Set<string> };

/**
 * Which modules each stage of a visit runs, read off a first build cut by the bundler alone, whose chunks hold only
 * the modules tree-shaking kept (a stage's import closure in the module graph would hold the whole of every library
 * imported through its index):
 * - the first screen: what the entry imports, and what the sign-in page shares with any other chunk;
 * - the shell: what its layout and the user's query import, and what more than half of the screens import.
 */
async function probeStages(): Promise<Stages> {
  const result = await build({
    ...shared,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, rolldownOptions: { output: { codeSplitting: { groups: [ZOD] } } } },
  });
  const chunks = (Array.isArray(result) ? result : [result as RolldownOutput])
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const source = (chunk: OutputChunk) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
  /** The files a chunk loads with it, itself included, leaving out those already loaded. */
  const loadedWith = (roots: OutputChunk[], loaded: Set<string>) => {
    const files = new Set<string>();
    const pending = roots.map((chunk) => chunk.fileName);
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (files.has(file) || loaded.has(file)) continue;
      files.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return files;
  };

  const entries = chunks.filter((chunk) => chunk.isEntry);
  const first = loadedWith(entries, new Set());
  const signInPage = chunks.filter((chunk) => source(chunk).endsWith(SIGN_IN_PAGE));
  for (const file of loadedWith(signInPage, first)) first.add(file);

  const shell = loadedWith(
    chunks.filter((chunk) => SHELL.some((path) => source(chunk).endsWith(path))),
    first,
  );
  const screens = chunks.filter((chunk) => chunk.isDynamicEntry && SCREEN.test(source(chunk)));
  const screensLoading = new Map<string, number>();
  for (const screen of screens) {
    for (const file of loadedWith([screen], new Set([...first, ...shell]))) {
      screensLoading.set(file, (screensLoading.get(file) ?? 0) + 1);
    }
  }
  for (const [file, count] of screensLoading) if (count > screens.length / 2) shell.add(file);

  // The entry's and the sign-in page's own chunks stay as they are: index.html keeps an entry chunk (the manifest's
  // `index.html`, where e2e/web-delivery.spec.ts starts), and a signed-in visit does not load the form.
  const apart = new Set([...entries, ...signInPage].map((chunk) => chunk.fileName));
  const modulesOf = (files: Set<string>) =>
    new Set(
      [...files]
        .filter((file) => !apart.has(file))
        .flatMap((file) => byFile.get(file)?.moduleIds ?? [])
        .filter((id) => !ZOD.test.test(id)),
    );
  return { firstScreen: modulesOf(first), shell: modulesOf(shell) };
}

/** What both builds share. */
const shared = {
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['source'],
  },
} satisfies UserConfig;

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // Each stage of a visit is one chunk. Left to itself the bundler puts a module with the others that exactly the same
  // lazy chunks import: some fifty lazy screens and UI-kit pages made a hundred files of a few hundred bytes each,
  // which a page fetches over at most six connections (ADR 0050).
  const stages = command === 'build' ? await probeStages() : undefined;
  return {
    ...shared,
    plugins: [react(), precompress(), entry.plugin],
    build: {
      // Which chunk holds which module: the delivery budget (e2e/web-delivery.spec.ts) checks what a route loads.
      manifest: true,
      modulePreload: {
        // Every browser the product supports preloads modules itself (Chromium, Firefox and Safari have for years).
        polyfill: false,
        resolveDependencies: (_file, dependencies) =>
          dependencies.filter((dependency) => !entry.loaded.has(dependency)),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Every schema is built by a chunk that imports zod's, so the switch has run before the first schema,
              // wherever the bundler puts the schemas (src/lib/zod-without-eval.ts).
              ZOD,
              ...(stages
                ? [
                    { name: 'first-screen', test: (id: string) => stages.firstScreen.has(id) },
                    { name: 'shell', test: (id: string) => stages.shell.has(id) },
                  ]
                : []),
            ],
          },
        },
      },
    },
    server: {
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
