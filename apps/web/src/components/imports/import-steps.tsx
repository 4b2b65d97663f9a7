import type { Locale } from '@cm/contract';
import { Stack, Stepper } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFormat } from './api';
import { CommittingStep } from './committing-step';
import { FileStep } from './file-step';
import { canCommit, type ImportPreviewShape, importFlow, initialImportState, stepperIndex } from './import-flow';
import type { ImportStat } from './import-stats';
import { PreviewStep } from './preview-step';
import { SummaryStep } from './summary-step';
import { CheckFailedStep, UploadStep } from './upload-step';

/**
 * An import whose files come from other tools: the server reads a file and proposes which column feeds which
 * field, the user adjusts that in a step of its own, and the file is checked through the mapping chosen.
 * `Reading` is the file as read, holding the mapping.
 */
export type ColumnsStage<Preview, Reading> = {
  read(file: File, onProgress: (fraction: number) => void): Promise<Reading>;
  preview(reading: Reading): Promise<Preview>;
  Step: ComponentType<{
    reading: Reading;
    fileName: string;
    onCheck(reading: Reading): void;
    onChooseAnother(): void;
  }>;
};

/**
 * What one import brings to the shared steps: its template, its calls, its columns and the numbers it
 * reports. The steps themselves (upload with progress, preview with row errors, commit all or nothing)
 * are the same for every import; an import that maps its files' columns adds a step (`columns`).
 */
export type ImportFlow<Preview extends ImportPreviewShape, Result, Reading = never> = {
  templateDescription: string;
  downloadTemplate(format: ImportFormat, lang: Locale): Promise<{ blob: Blob; fileName: string }>;
  /** How a file reaches its preview: checked as it is uploaded, or through the columns step. */
  check:
    | { kind: 'uploaded'; preview(file: File, onProgress: (fraction: number) => void): Promise<Preview> }
    | ({ kind: 'mapped' } & ColumnsStage<Preview, Reading>);
  /** The commit mutation's `mutateAsync`: the hook refreshes what the commit changed before it resolves. */
  commit(importId: string): Promise<Result>;
  /** The columns in template order; the sample shows the file's columns in this order. */
  columns: readonly string[];
  columnLabel(column: string): string;
  summary(preview: Preview): ImportStat[];
  /** A warning that does not stop the import, e.g. managers no user matches. */
  notice(preview: Preview): string | null;
  /** What the preview shows besides its numbers and errors, e.g. what an update changes. */
  details?(preview: Preview): ReactNode;
  result(result: Result): ImportStat[];
  doneMessage: string;
};

/**
 * The steps of an import from CSV or XLSX: template, upload with progress, a preview with counts, sample
 * rows and row errors, then an all-or-nothing commit. `onClose`, when given, adds a Close button at the end.
 */
export function ImportSteps<Preview extends ImportPreviewShape, Result, Reading = never>({
  flow,
  onClose,
}: {
  flow: ImportFlow<Preview, Result, Reading>;
  onClose?: () => void;
}) {
  const { t } = useTranslation('imports');
  const [state, dispatch] = useReducer(importFlow<Preview, Result, Reading>, initialImportState);
  const { check } = flow;
  const maps = check.kind === 'mapped';

  // A state that asks the server something starts its request here, once: the effect runs again for the
  // same state whenever the caller passes a new `flow`.
  const started = useRef(initialImportState.request);
  useEffect(() => {
    if (started.current === state.request) return;
    const { request } = state;
    const previewed = (answer: Promise<Preview>) =>
      answer.then(
        (preview) => dispatch({ type: 'previewReceived', request, preview }),
        (error: unknown) => dispatch({ type: 'previewFailed', request, error }),
      );
    const onProgress = (fraction: number) => dispatch({ type: 'uploadProgressed', request, fraction });
    if (state.step === 'uploading') {
      started.current = request;
      if (check.kind === 'uploaded') previewed(check.preview(state.file, onProgress));
      else
        check.read(state.file, onProgress).then(
          (reading) => dispatch({ type: 'fileRead', request, reading }),
          (error: unknown) => dispatch({ type: 'previewFailed', request, error }),
        );
    } else if (state.step === 'checking' && state.reading !== null && check.kind === 'mapped') {
      started.current = request;
      previewed(check.preview(state.reading));
    } else if (state.step === 'committing') {
      started.current = request;
      flow.commit(state.importId).then(
        (result) => dispatch({ type: 'commitSucceeded', request, result }),
        (error: unknown) => dispatch({ type: 'commitFailed', request, error }),
      );
    }
  }, [state, flow, check]);

  // Each step replaces the controls of the one before, the focused one with them: the focus moves to the
  // new step, so keyboard and screen-reader users go on from there instead of from the top of the page.
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    if (!stepRef.current?.contains(document.activeElement)) stepRef.current?.focus();
  }, [state.step]);

  const startOver = () => dispatch({ type: 'startedOver' });
  const reopenColumns = () => dispatch({ type: 'mappingReopened' });

  return (
    <Stack gap="lg">
      <Stepper active={stepperIndex(state, maps)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('steps.file')} description={t('steps.fileHint')} />
        {maps && <Stepper.Step label={t('steps.columns')} description={t('steps.columnsHint')} />}
        <Stepper.Step label={t('steps.check')} description={t('steps.checkHint')} />
        <Stepper.Step label={t('steps.import')} description={t('steps.importHint')} />
      </Stepper>

      <div ref={stepRef} tabIndex={-1} style={{ outline: 'none' }}>
        {state.step === 'choose' && (
          <FileStep
            templateDescription={flow.templateDescription}
            downloadTemplate={flow.downloadTemplate}
            rejection={state.rejection}
            onFile={(file) => dispatch({ type: 'fileChosen', file })}
            onReject={(rejection) => dispatch({ type: 'fileRejected', rejection })}
          />
        )}
        {state.step === 'mapping' && check.kind === 'mapped' && (
          <check.Step
            reading={state.reading}
            fileName={state.file.name}
            onCheck={(reading) => dispatch({ type: 'mappingChosen', reading })}
            onChooseAnother={startOver}
          />
        )}
        {(state.step === 'uploading' || state.step === 'checking') && (
          <UploadStep
            file={state.file}
            progress={state.step === 'uploading' ? state.progress : null}
            reading={maps && (state.step === 'uploading' || state.reading === null)}
            onCancel={startOver}
          />
        )}
        {state.step === 'checkFailed' && (
          <CheckFailedStep
            failure={state.failure}
            onRetry={() => dispatch({ type: 'retried' })}
            onChooseAnother={startOver}
            onReopenColumns={state.reading === null ? undefined : reopenColumns}
          />
        )}
        {state.step === 'preview' && (
          <PreviewStep
            preview={state.preview}
            fileName={state.file.name}
            stats={flow.summary(state.preview)}
            notice={flow.notice(state.preview)}
            details={flow.details?.(state.preview) ?? null}
            columns={flow.columns}
            columnLabel={flow.columnLabel}
            refusal={state.refusal}
            committable={canCommit(state)}
            onChooseAnother={startOver}
            onReopenColumns={state.reading === null ? undefined : reopenColumns}
            onCommit={() => dispatch({ type: 'commitRequested' })}
          />
        )}
        {state.step === 'committing' && <CommittingStep rows={state.preview.totalRows} />}
        {state.step === 'done' && (
          <SummaryStep
            message={flow.doneMessage}
            stats={flow.result(state.result)}
            onImportAnother={startOver}
            onClose={onClose}
          />
        )}
      </div>
    </Stack>
  );
}
