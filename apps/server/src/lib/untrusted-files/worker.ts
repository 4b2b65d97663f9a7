import { parentPort, workerData } from 'node:worker_threads';
import { inspectImage } from './image.js';
import { FileRefused } from './limits.js';
import type { FileTask, FileTaskResult } from './run-in-worker.js';
import { readTableFile } from './table.js';

// The entry of a worker thread that reads one untrusted file (run-in-worker.ts starts it with the task).
const task = workerData as FileTask;
let result: FileTaskResult;
try {
  result =
    task.kind === 'table'
      ? { ok: true, kind: 'table', table: readTableFile(task.content, task.maxRows) }
      : { ok: true, kind: 'image', image: inspectImage(task.content) };
} catch (error) {
  result =
    error instanceof FileRefused
      ? { ok: false, refusal: error.kind, reason: error.reason }
      : { ok: false, refusal: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(result);
