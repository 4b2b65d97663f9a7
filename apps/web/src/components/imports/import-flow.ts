import { ApiError } from '../../lib/api-client';
import { importFormatOf } from './api';

/**
 * A refused cell, header or file (row 0) of an import, as a preview or a refused commit lists it; an import
 * that maps a file's columns also names the file's header and the value.
 */
export type RowProblem = {
  row: number;
  column: string | null;
  code: string;
  message: string;
  header?: string | null;
  value?: string | null;
};

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
 * Where an import stands. `request` numbers the request the state waits for: every file chosen, retry, check
 * and commit starts a new one, and going back abandons the current one, so an answer carrying another number
 * (a file since replaced or abandoned) is dropped. An import that maps a file's columns holds the file as the
 * server read it (`reading`, with the mapping the user chose) from the mapping step on; others hold null.
 */
export type ImportState<Preview extends ImportPreviewShape, Result, Reading = never> =
  | { step: 'choose'; request: number; rejection: FileRejection | null }
  | { step: 'uploading'; request: number; file: File; progress: number }
  | { step: 'mapping'; request: number; file: File; reading: Reading }
  | { step: 'checking'; request: number; file: File; reading: Reading | null }
  | { step: 'checkFailed'; request: number; file: File; failure: CheckFailure; reading: Reading | null }
  | {
      step: 'preview';
      request: number;
      file: File;
      preview: Preview;
      refusal: CommitRefusal | null;
      reading: Reading | null;
    }
  | { step: 'committing'; request: number; file: File; preview: Preview; importId: string; reading: Reading | null }
  | { step: 'done'; request: number; result: Result };

/** What moves an import on: the user's choices and the server's answers, each to the request it answers. */
export type ImportEvent<Preview extends ImportPreviewShape, Result, Reading = never> =
  | { type: 'fileChosen'; file: File }
  | { type: 'fileRejected'; rejection: FileRejection }
  | { type: 'uploadProgressed'; request: number; fraction: number }
  | { type: 'fileRead'; request: number; reading: Reading }
  | { type: 'mappingChosen'; reading: Reading }
  | { type: 'mappingReopened' }
  | { type: 'previewReceived'; request: number; preview: Preview }
  | { type: 'previewFailed'; request: number; error: unknown }
  | { type: 'retried' }
  | { type: 'startedOver' }
  | { type: 'commitRequested' }
  | { type: 'commitSucceeded'; request: number; result: Result }
  | { type: 'commitFailed'; request: number; error: unknown };

/** A new import: the file step, nothing refused, nothing asked. */
export const initialImportState: ImportState<never, never> = { step: 'choose', request: 0, rejection: null };

/**
 * The step of the stepper a state belongs to: file, check, import, finished; or, for an import that maps a
 * file's columns, file, columns, check, import, finished.
 */
export function stepperIndex(state: ImportState<ImportPreviewShape, unknown, unknown>, maps: boolean): number {
  const check = maps ? 2 : 1;
  switch (state.step) {
    case 'choose':
      return 0;
    case 'uploading':
      return maps ? 0 : 1;
    case 'mapping':
      return 1;
    case 'checking':
    case 'checkFailed':
      return maps && state.reading === null ? 0 : check;
    case 'preview':
      return state.refusal === null ? check : check + 1;
    case 'committing':
      return check + 1;
    case 'done':
      return check + 2;
  }
}

/** The rejection of a file the drop zone refused, by the zone's error code. */
export function rejectionOf(code: string | undefined): FileRejection {
  if (code === 'file-too-large') return 'tooLarge';
  if (code === 'too-many-files') return 'oneFile';
  return 'wrongType';
}

/** The id Import would commit: the file passed its check, and no refusal since rules a commit out. */
function committableId(state: ImportState<ImportPreviewShape, unknown, unknown>): string | null {
  if (state.step !== 'preview') return null;
  const { refusal } = state;
  const refused = refusal !== null && !(refusal.reason === 'failed' && refusal.retryable);
  return refused ? null : state.preview.importId;
}

/** Whether Import may be pressed. */
export function canCommit(state: ImportState<ImportPreviewShape, unknown, unknown>): boolean {
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

function upload<Preview extends ImportPreviewShape, Result, Reading>(
  request: number,
  file: File,
): ImportState<Preview, Result, Reading> {
  if (!importFormatOf(file.name)) return { step: 'choose', request, rejection: 'wrongType' };
  return { step: 'uploading', request, file, progress: 0 };
}

/**
 * The import's flow: what each choice of the user and each answer of the server does. A commit in flight
 * is neither abandoned nor replaced: its answer alone says whether the rows were written.
 */
export function importFlow<Preview extends ImportPreviewShape, Result, Reading = never>(
  state: ImportState<Preview, Result, Reading>,
  event: ImportEvent<Preview, Result, Reading>,
): ImportState<Preview, Result, Reading> {
  const next = state.request + 1;
  const waiting = (state.step === 'uploading' || state.step === 'checking') && 'request' in event;
  switch (event.type) {
    case 'fileChosen':
      return state.step === 'committing' ? state : upload(next, event.file);
    case 'fileRejected':
      return state.step === 'choose' ? { step: 'choose', request: state.request, rejection: event.rejection } : state;
    case 'uploadProgressed':
      if (!waiting || event.request !== state.request || readingOf(state) !== null) return state;
      // Once every byte is sent the server reads and checks the rows: that wait is a step of its own.
      return event.fraction >= 1
        ? { step: 'checking', request: state.request, file: state.file, reading: null }
        : { step: 'uploading', request: state.request, file: state.file, progress: event.fraction };
    case 'fileRead':
      if (!waiting || event.request !== state.request) return state;
      return { step: 'mapping', request: state.request, file: state.file, reading: event.reading };
    case 'mappingChosen':
      return state.step === 'mapping'
        ? { step: 'checking', request: next, file: state.file, reading: event.reading }
        : state;
    case 'mappingReopened':
      if ((state.step !== 'preview' && state.step !== 'checkFailed') || state.reading === null) return state;
      return { step: 'mapping', request: next, file: state.file, reading: state.reading };
    case 'previewReceived':
      if (!waiting || event.request !== state.request) return state;
      return {
        step: 'preview',
        request: state.request,
        file: state.file,
        preview: event.preview,
        refusal: null,
        reading: readingOf(state),
      };
    case 'previewFailed':
      if (!waiting || event.request !== state.request) return state;
      return {
        step: 'checkFailed',
        request: state.request,
        file: state.file,
        failure: { error: event.error, retryable: transient(event.error) },
        reading: readingOf(state),
      };
    case 'retried':
      if (state.step !== 'checkFailed' || !state.failure.retryable) return state;
      return state.reading === null
        ? upload(next, state.file)
        : { step: 'checking', request: next, file: state.file, reading: state.reading };
    case 'startedOver':
      return state.step === 'committing' || state.step === 'choose'
        ? state
        : { step: 'choose', request: next, rejection: null };
    case 'commitRequested': {
      const importId = committableId(state);
      if (state.step !== 'preview' || importId === null) return state;
      return {
        step: 'committing',
        request: next,
        file: state.file,
        preview: state.preview,
        importId,
        reading: state.reading,
      };
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
        reading: state.reading,
      };
  }
}

/** The file as the server read it, while the import waits for a check of it. */
function readingOf<Reading>(state: ImportState<ImportPreviewShape, unknown, Reading>): Reading | null {
  return state.step === 'checking' ? state.reading : null;
}
