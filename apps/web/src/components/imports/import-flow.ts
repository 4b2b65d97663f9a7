import { ApiError } from '../../lib/api-client';
import { importFormatOf } from './api';

/** A refused cell, header or file (row 0) of an import, as a preview or a refused commit lists it. */
export type RowProblem = { row: number; column: string | null; code: string; message: string };

/** What every import's preview holds, whatever its columns and summary. */
export type ImportPreviewShape = {
  importId: string | null;
  totalRows: number;
  errors: readonly RowProblem[];
  errorCount: number;
  sample: Record<string, string>[];
};

/** Why a chosen file was not taken: refused before anything is sent. */
export type FileRejection = 'tooLarge' | 'wrongType' | 'oneFile';

/** Why a check did not answer with a preview; `retryable` when the same file may pass a moment later. */
export type CheckFailure = { error: unknown; retryable: boolean };

/**
 * Why a commit wrote nothing. `rowErrors`: the rows no longer pass their check (the data changed since the
 * preview); `expired`: the server no longer keeps the checked file; `failed`: anything else, which pressing
 * Import again may cure when `retryable`.
 */
export type CommitRefusal =
  | { reason: 'rowErrors'; error: unknown; errors: RowProblem[] }
  | { reason: 'expired'; error: unknown }
  | { reason: 'failed'; error: unknown; retryable: boolean };

/**
 * Where an import stands. `request` numbers the request the state waits for: every file chosen, retry and
 * commit starts a new one, and going back abandons the current one, so an answer carrying another number
 * (a file since replaced or abandoned) is dropped.
 */
export type ImportState<Preview extends ImportPreviewShape, Result> =
  | { step: 'choose'; request: number; rejection: FileRejection | null }
  | { step: 'uploading'; request: number; file: File; progress: number }
  | { step: 'checking'; request: number; file: File }
  | { step: 'checkFailed'; request: number; file: File; failure: CheckFailure }
  | { step: 'preview'; request: number; file: File; preview: Preview; refusal: CommitRefusal | null }
  | { step: 'committing'; request: number; file: File; preview: Preview; importId: string }
  | { step: 'done'; request: number; result: Result };

/** What moves an import on: the user's choices and the server's answers, each to the request it answers. */
export type ImportEvent<Preview extends ImportPreviewShape, Result> =
  | { type: 'fileChosen'; file: File }
  | { type: 'fileRejected'; rejection: FileRejection }
  | { type: 'uploadProgressed'; request: number; fraction: number }
  | { type: 'previewReceived'; request: number; preview: Preview }
  | { type: 'previewFailed'; request: number; error: unknown }
  | { type: 'retried' }
  | { type: 'startedOver' }
  | { type: 'commitRequested' }
  | { type: 'commitSucceeded'; request: number; result: Result }
  | { type: 'commitFailed'; request: number; error: unknown };

/** A new import: the file step, nothing refused, nothing asked. */
export const initialImportState: ImportState<never, never> = { step: 'choose', request: 0, rejection: null };

/** The step of the stepper (file, check, import, finished) a state belongs to. */
export function stepperIndex(state: ImportState<ImportPreviewShape, unknown>): number {
  switch (state.step) {
    case 'choose':
      return 0;
    case 'uploading':
    case 'checking':
    case 'checkFailed':
      return 1;
    case 'preview':
      return state.refusal === null ? 1 : 2;
    case 'committing':
      return 2;
    case 'done':
      return 3;
  }
}

/** The rejection of a file the drop zone refused, by the zone's error code. */
export function rejectionOf(code: string | undefined): FileRejection {
  if (code === 'file-too-large') return 'tooLarge';
  if (code === 'too-many-files') return 'oneFile';
  return 'wrongType';
}

/** The id Import would commit: the file passed its check, and no refusal since rules a commit out. */
function committableId(state: ImportState<ImportPreviewShape, unknown>): string | null {
  if (state.step !== 'preview') return null;
  const { refusal } = state;
  const refused = refusal !== null && !(refusal.reason === 'failed' && refusal.retryable);
  return refused ? null : state.preview.importId;
}

/** Whether Import may be pressed. */
export function canCommit(state: ImportState<ImportPreviewShape, unknown>): boolean {
  return committableId(state) !== null;
}

/** The row errors to show: those of a refused commit when it listed any, else those of the preview. */
export function shownErrors(
  preview: ImportPreviewShape,
  refusal: CommitRefusal | null,
): { errors: readonly RowProblem[]; count: number } {
  if (refusal?.reason === 'rowErrors' && refusal.errors.length > 0) {
    return { errors: refusal.errors, count: refusal.errors.length };
  }
  return { errors: preview.errors, count: preview.errorCount };
}

/** The connection dropped, the server was busy or briefly down (503 asks to come back): asking again may work. */
function transient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

const ROW_PATH = /^rows\.(\d+)(?:\.(.+))?$/;

/** The row errors of a commit refused with IMPORT_HAS_ERRORS, from its problem's `rows.<row>.<column>` paths. */
function rowErrorsOf(error: ApiError): RowProblem[] {
  return (error.problem?.errors ?? []).flatMap(({ path, code, message }) => {
    const match = ROW_PATH.exec(path);
    if (!match) return [];
    return [{ row: Number(match[1]), column: match[2] ?? null, code, message }];
  });
}

function refusalOf(error: unknown): CommitRefusal {
  if (error instanceof ApiError && error.code === 'IMPORT_HAS_ERRORS') {
    return { reason: 'rowErrors', error, errors: rowErrorsOf(error) };
  }
  // The checked file is kept for an hour and taken by the commit that writes it: a late or second commit
  // finds nothing, and only a new upload can help.
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return { reason: 'expired', error };
  return { reason: 'failed', error, retryable: transient(error) };
}

function upload<Preview extends ImportPreviewShape, Result>(request: number, file: File): ImportState<Preview, Result> {
  if (!importFormatOf(file.name)) return { step: 'choose', request, rejection: 'wrongType' };
  return { step: 'uploading', request, file, progress: 0 };
}

/**
 * The import's flow: what each choice of the user and each answer of the server does. A commit in flight
 * is neither abandoned nor replaced: its answer alone says whether the rows were written.
 */
export function importFlow<Preview extends ImportPreviewShape, Result>(
  state: ImportState<Preview, Result>,
  event: ImportEvent<Preview, Result>,
): ImportState<Preview, Result> {
  const next = state.request + 1;
  switch (event.type) {
    case 'fileChosen':
      return state.step === 'committing' ? state : upload(next, event.file);
    case 'fileRejected':
      return state.step === 'choose' ? { step: 'choose', request: state.request, rejection: event.rejection } : state;
    case 'uploadProgressed':
      if ((state.step !== 'uploading' && state.step !== 'checking') || event.request !== state.request) return state;
      // Once every byte is sent the server reads and checks the rows: that wait is a step of its own.
      return event.fraction >= 1
        ? { step: 'checking', request: state.request, file: state.file }
        : { step: 'uploading', request: state.request, file: state.file, progress: event.fraction };
    case 'previewReceived':
      if ((state.step !== 'uploading' && state.step !== 'checking') || event.request !== state.request) return state;
      return { step: 'preview', request: state.request, file: state.file, preview: event.preview, refusal: null };
    case 'previewFailed':
      if ((state.step !== 'uploading' && state.step !== 'checking') || event.request !== state.request) return state;
      return {
        step: 'checkFailed',
        request: state.request,
        file: state.file,
        failure: { error: event.error, retryable: transient(event.error) },
      };
    case 'retried':
      return state.step === 'checkFailed' && state.failure.retryable ? upload(next, state.file) : state;
    case 'startedOver':
      return state.step === 'committing' || state.step === 'choose'
        ? state
        : { step: 'choose', request: next, rejection: null };
    case 'commitRequested': {
      const importId = committableId(state);
      if (state.step !== 'preview' || importId === null) return state;
      return { step: 'committing', request: next, file: state.file, preview: state.preview, importId };
    }
    case 'commitSucceeded':
      if (state.step !== 'committing' || event.request !== state.request) return state;
      return { step: 'done', request: state.request, result: event.result };
    case 'commitFailed':
      if (state.step !== 'committing' || event.request !== state.request) return state;
      return {
        step: 'preview',
        request: state.request,
        file: state.file,
        preview: state.preview,
        refusal: refusalOf(event.error),
      };
  }
}
