import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InspectedImage } from './image.js';
import { FileRefused, type RefusalKind } from './limits.js';

export type FileTask = { kind: 'table'; content: Uint8Array; maxRows: number } | { kind: 'image'; content: Uint8Array };

export type FileTaskResult =
  | { ok: true; kind: 'table'; table: string[][] }
  | { ok: true; kind: 'image'; image: InspectedImage }
  | { ok: false; refusal: RefusalKind; reason: string };

/** Files read at once; the others wait their turn, so a burst of uploads cannot take every core and heap. */
const CONCURRENT_READS = 2;
/** Files waiting beyond that are turned away: the server is busy, not the file bad. */
const MAX_WAITING = 32;
/** A file that takes longer is refused: no import a person waits for is worth more of a core. */
const TIME_LIMIT_MS = 30_000;
/** The heap of one reading worker; the parsers' own limits stay below it, this catches what they miss. */
const HEAP_LIMIT_MB = 384;

/** All reading workers are busy and the queue is full. */
export class ReadersBusy extends Error {
  constructor() {
    super('every file reader is busy');
    this.name = 'ReadersBusy';
  }
}

/**
 * The worker's entry. The build runs worker.js; from TypeScript sources (tests, `npm run dev`) a small
 * script first registers tsx in the new thread, as loader flags do not reach workers.
 */
function workerEntry(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { script: new URL('./worker.js', import.meta.url), eval: false };
  // `require` resolves tsx's CommonJS build of this entry; its ES module build lies beside it.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL('./worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`,
    eval: true,
  };
}
const entry = workerEntry();

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= CONCURRENT_READS) {
    if (waiting.length >= MAX_WAITING) throw new ReadersBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function runOnce(task: FileTask): Promise<FileTaskResult> {
  return new Promise((resolve) => {
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      settle({ ok: false, refusal: 'overLimits', reason: `reading took longer than ${TIME_LIMIT_MS} ms` });
      void worker.terminate();
    }, TIME_LIMIT_MS);
    let settled = false;
    function settle(result: FileTaskResult) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    }
    worker.once('message', (result: FileTaskResult) => settle(result));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, refusal: 'overLimits', reason: 'reading ran out of its memory' }
          : { ok: false, refusal: 'unreadable', reason: error.message },
      ),
    );
    worker.once('exit', (code) =>
      settle({ ok: false, refusal: 'unreadable', reason: `the reader exited with ${code}` }),
    );
  });
}

/**
 * Runs one reading of an untrusted file in its turn among the others, so that reading by other means (an image
 * decoder's own threads) shares the same bound on how many files are read at once.
 */
export async function inReadersTurn<T>(read: () => Promise<T>): Promise<T> {
  const done = await turn();
  try {
    return await read();
  } finally {
    done();
  }
}

function run(task: FileTask): Promise<Exclude<FileTaskResult, { ok: false }>> {
  return inReadersTurn(async () => {
    const result = await runOnce(task);
    if (!result.ok) throw new FileRefused(result.refusal, result.reason);
    return result;
  });
}

/**
 * Reads an untrusted CSV or XLSX file in a worker thread with its own heap and a time limit, so that no
 * file can stall the server or grow its memory; see table.ts for what is read. Throws FileRefused, or
 * ReadersBusy when too many files are being read.
 */
export async function readTableInWorker(content: Uint8Array, maxRows: number): Promise<string[][]> {
  const result = await run({ kind: 'table', content, maxRows });
  if (result.kind !== 'table') throw new Error('the reader answered another task');
  return result.table;
}

/** Inspects an untrusted image in a worker thread, as readTableInWorker does; see image.ts. */
export async function inspectImageInWorker(content: Uint8Array): Promise<InspectedImage> {
  const result = await run({ kind: 'image', content });
  if (result.kind !== 'image') throw new Error('the reader answered another task');
  return result.image;
}
