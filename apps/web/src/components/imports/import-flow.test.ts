import type { Problem } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  canCommit,
  type ImportEvent,
  type ImportPreviewShape,
  type ImportState,
  importFlow,
  initialImportState,
  rejectionOf,
  shownErrors,
  stepperIndex,
} from './import-flow';

type Result = { created: number };
type State = ImportState<ImportPreviewShape, Result>;
type Event = ImportEvent<ImportPreviewShape, Result>;

const file = (name = 'components.csv') => new File(['SKU,Name\nR-1,Resistor\n'], name, { type: 'text/csv' });

const clean: ImportPreviewShape = {
  importId: '4f7c2a9e-1b3d-4e5f-8a6b-7c8d9e0f1a2b',
  totalRows: 1,
  errors: [],
  errorCount: 0,
  sample: [{ sku: 'R-1', name: 'Resistor' }],
};

const withErrors: ImportPreviewShape = {
  importId: null,
  totalRows: 2,
  errors: [{ row: 3, column: 'sku', code: 'duplicateInFile', message: 'This SKU appears more than once.' }],
  errorCount: 1,
  sample: [],
};

function problem(status: number, code: Problem['code'], extra: Partial<Problem> = {}): ApiError {
  return new ApiError(status, code, { type: 'about:blank', title: code, status, detail: code, code, ...extra });
}

const unreadable = problem(422, 'IMPORT_FILE_UNREADABLE');
const overLimits = problem(422, 'IMPORT_FILE_OVER_LIMITS');
const busy = problem(503, 'SERVICE_UNAVAILABLE', { retryAfterSeconds: 5 });
const offline = new ApiError(0, 'NETWORK_ERROR');

function run(events: Event[], from: State = initialImportState): State {
  return events.reduce(importFlow, from);
}

/** The state once `chosen` was chosen, sent and checked, with the check's answer. */
function previewed(preview: ImportPreviewShape, chosen = file()): State {
  return run([
    { type: 'fileChosen', file: chosen },
    { type: 'previewReceived', request: 1, preview },
  ]);
}

function committing(): State {
  return run([{ type: 'commitRequested' }], previewed(clean));
}

describe('choosing a file', () => {
  it('starts with the file step, nothing refused', () => {
    expect(initialImportState).toEqual({ step: 'choose', request: 0, rejection: null });
    expect(stepperIndex(initialImportState, false)).toBe(0);
  });

  it('uploads a CSV or XLSX file as a new request, whatever the case of its extension', () => {
    for (const name of ['components.csv', 'components.xlsx', 'COMPONENTS.CSV']) {
      const chosen = file(name);
      expect(run([{ type: 'fileChosen', file: chosen }])).toEqual({
        step: 'uploading',
        request: 1,
        file: chosen,
        progress: 0,
      });
    }
  });

  it('refuses any other file before sending it', () => {
    const state = run([{ type: 'fileChosen', file: file('components.xls') }]);
    expect(state).toMatchObject({ step: 'choose', rejection: 'wrongType' });
  });

  it('shows why the drop zone refused files, by its error code', () => {
    expect(rejectionOf('file-too-large')).toBe('tooLarge');
    expect(rejectionOf('too-many-files')).toBe('oneFile');
    expect(rejectionOf('file-invalid-type')).toBe('wrongType');
    expect(rejectionOf(undefined)).toBe('wrongType');
    expect(run([{ type: 'fileRejected', rejection: 'tooLarge' }])).toEqual({
      step: 'choose',
      request: 0,
      rejection: 'tooLarge',
    });
  });

  it('forgets a refusal once an acceptable file is chosen', () => {
    const state = run([
      { type: 'fileRejected', rejection: 'oneFile' },
      { type: 'fileChosen', file: file() },
    ]);
    expect(state.step).toBe('uploading');
  });

  it('takes a refusal of the drop zone only while it is shown', () => {
    const uploading = run([{ type: 'fileChosen', file: file() }]);
    expect(importFlow(uploading, { type: 'fileRejected', rejection: 'tooLarge' })).toBe(uploading);
  });
});

describe('uploading and checking', () => {
  const uploading = run([{ type: 'fileChosen', file: file() }]);

  it('follows the upload, then waits for the check once every byte is sent', () => {
    const half = importFlow(uploading, { type: 'uploadProgressed', request: 1, fraction: 0.5 });
    expect(half).toMatchObject({ step: 'uploading', progress: 0.5 });
    const sent = importFlow(half, { type: 'uploadProgressed', request: 1, fraction: 1 });
    expect(sent).toMatchObject({ step: 'checking', request: 1 });
    expect(stepperIndex(sent, false)).toBe(1);
  });

  it('shows the preview, from the upload or from the check', () => {
    const checking = importFlow(uploading, { type: 'uploadProgressed', request: 1, fraction: 1 });
    for (const from of [uploading, checking]) {
      expect(importFlow(from, { type: 'previewReceived', request: 1, preview: clean })).toMatchObject({
        step: 'preview',
        preview: clean,
        refusal: null,
      });
    }
  });

  it('shows a preview with row errors, which cannot be imported', () => {
    const state = previewed(withErrors);
    expect(state).toMatchObject({ step: 'preview', preview: withErrors });
    expect(canCommit(state)).toBe(false);
    expect(run([{ type: 'commitRequested' }], state)).toBe(state);
    expect(shownErrors(withErrors, null)).toEqual({ errors: withErrors.errors, count: 1 });
  });

  it('offers only another file when the file cannot be read or is over the limits', () => {
    for (const error of [unreadable, overLimits, problem(413, 'PAYLOAD_TOO_LARGE'), new Error('bug')]) {
      const failed = importFlow(uploading, { type: 'previewFailed', request: 1, error });
      expect(failed).toMatchObject({ step: 'checkFailed', failure: { error, retryable: false } });
      expect(importFlow(failed, { type: 'retried' })).toBe(failed);
    }
  });

  it('offers the same file again when the server was busy (503) or could not be reached', () => {
    for (const error of [busy, offline, problem(429, 'RATE_LIMITED')]) {
      const failed = importFlow(uploading, { type: 'previewFailed', request: 1, error });
      expect(failed).toMatchObject({ step: 'checkFailed', failure: { error, retryable: true } });
      const again = importFlow(failed, { type: 'retried' });
      expect(again).toMatchObject({ step: 'uploading', request: 2, progress: 0 });
      expect(again.step === 'uploading' && again.file).toBe(uploading.step === 'uploading' && uploading.file);
    }
  });

  it('cancels an upload or a check: its late answers change nothing', () => {
    const checking = importFlow(uploading, { type: 'uploadProgressed', request: 1, fraction: 1 });
    for (const from of [uploading, checking]) {
      const cancelled = importFlow(from, { type: 'startedOver' });
      expect(cancelled).toEqual({ step: 'choose', request: 2, rejection: null });
      const late: Event[] = [
        { type: 'uploadProgressed', request: 1, fraction: 0.9 },
        { type: 'previewReceived', request: 1, preview: clean },
        { type: 'previewFailed', request: 1, error: busy },
      ];
      for (const answer of late) expect(importFlow(cancelled, answer)).toBe(cancelled);
    }
  });

  it('follows a new file chosen mid-way, dropping every answer about the one it replaces', () => {
    const second = file('second.csv');
    const replaced = run(
      [
        { type: 'uploadProgressed', request: 1, fraction: 0.4 },
        { type: 'fileChosen', file: second },
      ],
      uploading,
    );
    expect(replaced).toEqual({ step: 'uploading', request: 2, file: second, progress: 0 });
    const stale: Event[] = [
      { type: 'uploadProgressed', request: 1, fraction: 1 },
      { type: 'previewReceived', request: 1, preview: withErrors },
      { type: 'previewFailed', request: 1, error: unreadable },
    ];
    for (const answer of stale) expect(importFlow(replaced, answer)).toBe(replaced);
    expect(importFlow(replaced, { type: 'previewReceived', request: 2, preview: clean })).toMatchObject({
      step: 'preview',
      file: second,
      preview: clean,
    });
  });

  it('replaces a preview by the check of a new file', () => {
    const second = file('corrected.csv');
    const state = run([{ type: 'fileChosen', file: second }], previewed(withErrors));
    expect(state).toEqual({ step: 'uploading', request: 2, file: second, progress: 0 });
    expect(importFlow(state, { type: 'previewReceived', request: 1, preview: withErrors })).toBe(state);
  });

  it('goes back to the file step from a failed check or a preview', () => {
    const failed = run([{ type: 'previewFailed', request: 1, error: unreadable }], uploading);
    for (const from of [failed, previewed(clean), previewed(withErrors)]) {
      expect(importFlow(from, { type: 'startedOver' })).toMatchObject({ step: 'choose', rejection: null });
    }
    expect(importFlow(initialImportState, { type: 'startedOver' })).toBe(initialImportState);
  });
});

describe('committing', () => {
  it('commits the checked import as a new request', () => {
    const state = committing();
    expect(state).toMatchObject({ step: 'committing', request: 2, importId: clean.importId, preview: clean });
    expect(stepperIndex(state, false)).toBe(2);
    expect(canCommit(previewed(clean))).toBe(true);
  });

  it('shows the summary of a commit', () => {
    const done = importFlow(committing(), { type: 'commitSucceeded', request: 2, result: { created: 1 } });
    expect(done).toEqual({ step: 'done', request: 2, result: { created: 1 } });
    expect(stepperIndex(done, false)).toBe(3);
    expect(importFlow(done, { type: 'startedOver' })).toEqual({ step: 'choose', request: 3, rejection: null });
  });

  it('neither abandons nor replaces a commit in flight: only its answer says whether rows were written', () => {
    const state = committing();
    expect(importFlow(state, { type: 'startedOver' })).toBe(state);
    expect(importFlow(state, { type: 'fileChosen', file: file('other.csv') })).toBe(state);
    expect(importFlow(state, { type: 'commitRequested' })).toBe(state);
    expect(importFlow(state, { type: 'previewReceived', request: 2, preview: clean })).toBe(state);
  });

  it('lists the rows a commit refused (422 IMPORT_HAS_ERRORS) and allows no second try', () => {
    const error = problem(422, 'IMPORT_HAS_ERRORS', {
      errors: [
        { path: 'rows.2.openingQuantity', code: 'openingStockExists', message: 'Stock exists.' },
        { path: 'rows.0', code: 'emptyFile', message: 'No rows.' },
        { path: 'body', code: 'invalid', message: 'Not a row.' },
      ],
    });
    const refused = importFlow(committing(), { type: 'commitFailed', request: 2, error });
    const rows = [
      { row: 2, column: 'openingQuantity', code: 'openingStockExists', message: 'Stock exists.' },
      { row: 0, column: null, code: 'emptyFile', message: 'No rows.' },
    ];
    expect(refused).toMatchObject({ step: 'preview', preview: clean, refusal: { reason: 'rowErrors', errors: rows } });
    expect(canCommit(refused)).toBe(false);
    expect(importFlow(refused, { type: 'commitRequested' })).toBe(refused);
    expect(refused.step === 'preview' && shownErrors(refused.preview, refused.refusal)).toEqual({
      errors: rows,
      count: 2,
    });
    expect(stepperIndex(refused, false)).toBe(2);
  });

  it('shows the preview’s own errors when a refusal lists no rows', () => {
    const refusal = { reason: 'rowErrors' as const, error: problem(422, 'IMPORT_HAS_ERRORS'), errors: [] };
    expect(shownErrors(withErrors, refusal)).toEqual({ errors: withErrors.errors, count: 1 });
  });

  it('asks for a new upload when the checked file is no longer kept (404)', () => {
    const error = problem(404, 'NOT_FOUND');
    const refused = importFlow(committing(), { type: 'commitFailed', request: 2, error });
    expect(refused).toMatchObject({ step: 'preview', refusal: { reason: 'expired', error } });
    expect(canCommit(refused)).toBe(false);
  });

  it('lets Import be pressed again after a busy server (503) or a lost connection, as a new request', () => {
    for (const error of [busy, offline]) {
      const refused = importFlow(committing(), { type: 'commitFailed', request: 2, error });
      expect(refused).toMatchObject({ step: 'preview', refusal: { reason: 'failed', error, retryable: true } });
      expect(canCommit(refused)).toBe(true);
      const again = importFlow(refused, { type: 'commitRequested' });
      expect(again).toMatchObject({ step: 'committing', request: 3 });
      // The first commit's answer arriving late belongs to no request any more.
      expect(importFlow(again, { type: 'commitSucceeded', request: 2, result: { created: 9 } })).toBe(again);
      expect(importFlow(again, { type: 'commitSucceeded', request: 3, result: { created: 1 } })).toMatchObject({
        step: 'done',
      });
    }
  });

  it('allows no second try of a commit refused for good (403)', () => {
    const error = problem(403, 'FORBIDDEN');
    const refused = importFlow(committing(), { type: 'commitFailed', request: 2, error });
    expect(refused).toMatchObject({ refusal: { reason: 'failed', retryable: false } });
    expect(canCommit(refused)).toBe(false);
  });

  it('takes another file after a refused commit', () => {
    const refused = importFlow(committing(), { type: 'commitFailed', request: 2, error: offline });
    const second = file('second.csv');
    expect(importFlow(refused, { type: 'fileChosen', file: second })).toEqual({
      step: 'uploading',
      request: 3,
      file: second,
      progress: 0,
    });
  });

  it('ignores commit answers outside a commit', () => {
    const preview = previewed(clean);
    expect(importFlow(preview, { type: 'commitSucceeded', request: 1, result: { created: 1 } })).toBe(preview);
    expect(importFlow(preview, { type: 'commitFailed', request: 1, error: busy })).toBe(preview);
  });
});

describe('an import that maps the columns of its file', () => {
  type Reading = { fileId: string; headerRow: number };
  type MappingState = ImportState<ImportPreviewShape, Result, Reading>;
  type MappingEvent = ImportEvent<ImportPreviewShape, Result, Reading>;
  const mapped = (events: MappingEvent[], from: MappingState = initialImportState): MappingState =>
    events.reduce(importFlow<ImportPreviewShape, Result, Reading>, from);
  const read: Reading = { fileId: 'f-1', headerRow: 1 };
  const mapping = mapped([
    { type: 'fileChosen', file: file() },
    { type: 'uploadProgressed', request: 1, fraction: 1 },
    { type: 'fileRead', request: 1, reading: read },
  ]);

  it('shows the mapping step once the file is read, then checks the mapping chosen as a new request', () => {
    expect(mapping).toMatchObject({ step: 'mapping', request: 1, reading: read });
    expect(stepperIndex(mapping, true)).toBe(1);
    const chosen = { ...read, headerRow: 4 };
    const checking = mapped([{ type: 'mappingChosen', reading: chosen }], mapping);
    expect(checking).toMatchObject({ step: 'checking', request: 2, reading: chosen });
    expect(stepperIndex(checking, true)).toBe(2);
    // An answer of the upload, come late, is not the check's.
    expect(mapped([{ type: 'previewReceived', request: 1, preview: clean }], checking)).toBe(checking);
    const preview = mapped([{ type: 'previewReceived', request: 2, preview: clean }], checking);
    expect(preview).toMatchObject({ step: 'preview', preview: clean, reading: chosen });
    expect(stepperIndex(preview, true)).toBe(2);
  });

  it('goes back from the preview to the mapping it was checked with, dropping the check', () => {
    const preview = mapped(
      [
        { type: 'mappingChosen', reading: read },
        { type: 'previewReceived', request: 2, preview: withErrors },
      ],
      mapping,
    );
    const back = mapped([{ type: 'mappingReopened' }], preview);
    expect(back).toMatchObject({ step: 'mapping', request: 3, reading: read });
    expect(canCommit(back)).toBe(false);
  });

  it('checks the same mapping again after a check the server could not answer', () => {
    const failed = mapped(
      [
        { type: 'mappingChosen', reading: read },
        { type: 'previewFailed', request: 2, error: offline },
      ],
      mapping,
    );
    expect(failed).toMatchObject({ step: 'checkFailed', reading: read });
    expect(stepperIndex(failed, true)).toBe(2);
    expect(mapped([{ type: 'retried' }], failed)).toMatchObject({ step: 'checking', request: 3, reading: read });
  });

  it('counts the steps of the stepper with the columns step, to the end', () => {
    const done = mapped(
      [
        { type: 'mappingChosen', reading: read },
        { type: 'previewReceived', request: 2, preview: clean },
        { type: 'commitRequested' },
        { type: 'commitSucceeded', request: 3, result: { created: 1 } },
      ],
      mapping,
    );
    expect(done.step).toBe('done');
    expect(stepperIndex(done, true)).toBe(4);
  });
});
