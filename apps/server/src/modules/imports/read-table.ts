import { IMPORT_HEADER_ROWS, IMPORT_MAX_ROWS } from '@cm/contract';
import { AppError } from '../../lib/app-error.js';
import { FileRefused } from '../../lib/untrusted-files/limits.js';
import { readTableInWorker } from '../../lib/untrusted-files/run-in-worker.js';

/**
 * Reads an uploaded CSV or XLSX file (told apart by content) into rows of trimmed cell texts (a title block
 * and the header row first), off the event loop and within the limits of lib/untrusted-files. Rows beyond what an import
 * takes are not read: the table then holds more than an import takes, which the check reports as `tooManyRows`.
 */
export async function readTable(content: Buffer): Promise<string[][]> {
  try {
    return await readTableInWorker(content, IMPORT_HEADER_ROWS + IMPORT_MAX_ROWS + 1);
  } catch (error) {
    if (error instanceof FileRefused) {
      throw new AppError(error.kind === 'overLimits' ? 'IMPORT_FILE_OVER_LIMITS' : 'IMPORT_FILE_UNREADABLE');
    }
    throw error;
  }
}
