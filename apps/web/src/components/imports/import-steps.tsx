import type { Locale } from '@cm/contract';
import { Stack, Stepper } from '@mantine/core';
import { useEffect, useReducer, useRef } from 'react';
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
 * What one import brings to the shared steps: its template, its calls, its columns and the numbers it
 * reports. The steps themselves (upload with progress, preview with row errors, commit all or nothing)
 * are the same for every import.
 */
export type ImportFlow<Preview extends ImportPreviewShape, Result> = {
  templateDescription: string;
  downloadTemplate(format: ImportFormat, lang: Locale): Promise<{ blob: Blob; fileName: string }>;
  preview(file: File, onProgress: (fraction: number) => void): Promise<Preview>;
  /** The commit mutation's `mutateAsync`: the hook refreshes what the commit changed before it resolves. */
  commit(importId: string): Promise<Result>;
  /** The columns in template order; the sample shows the file's columns in this order. */
  columns: readonly string[];
  columnLabel(column: string): string;
  summary(preview: Preview): ImportStat[];
  /** A warning that does not stop the import, e.g. managers no user matches. */
  notice(preview: Preview): string | null;
  result(result: Result): ImportStat[];
  doneMessage: string;
};

/**
 * The steps of an import from CSV or XLSX: template, upload with progress, a preview with counts, sample
 * rows and row errors, then an all-or-nothing commit. `onClose`, when given, adds a Close button at the end.
 */
export function ImportSteps<Preview extends ImportPreviewShape, Result>({
  flow,
  onClose,
}: {
  flow: ImportFlow<Preview, Result>;
  onClose?: () => void;
}) {
  const { t } = useTranslation('imports');
  const [state, dispatch] = useReducer(importFlow<Preview, Result>, initialImportState);

  // A state that asks the server something starts its request here, once: the effect runs again for the
  // same state whenever the caller passes a new `flow`.
  const started = useRef(initialImportState.request);
  useEffect(() => {
    if (started.current === state.request) return;
    const { request } = state;
    if (state.step === 'uploading') {
      started.current = request;
      flow
        .preview(state.file, (fraction) => dispatch({ type: 'uploadProgressed', request, fraction }))
        .then(
          (preview) => dispatch({ type: 'previewReceived', request, preview }),
          (error: unknown) => dispatch({ type: 'previewFailed', request, error }),
        );
    } else if (state.step === 'committing') {
      started.current = request;
      flow.commit(state.importId).then(
        (result) => dispatch({ type: 'commitSucceeded', request, result }),
        (error: unknown) => dispatch({ type: 'commitFailed', request, error }),
      );
    }
  }, [state, flow]);

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

  return (
    <Stack gap="lg">
      <Stepper active={stepperIndex(state)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('steps.file')} description={t('steps.fileHint')} />
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
        {(state.step === 'uploading' || state.step === 'checking') && (
          <UploadStep
            file={state.file}
            progress={state.step === 'uploading' ? state.progress : null}
            onCancel={startOver}
          />
        )}
        {state.step === 'checkFailed' && (
          <CheckFailedStep
            failure={state.failure}
            onRetry={() => dispatch({ type: 'retried' })}
            onChooseAnother={startOver}
          />
        )}
        {state.step === 'preview' && (
          <PreviewStep
            preview={state.preview}
            fileName={state.file.name}
            stats={flow.summary(state.preview)}
            notice={flow.notice(state.preview)}
            columns={flow.columns}
            columnLabel={flow.columnLabel}
            refusal={state.refusal}
            committable={canCommit(state)}
            onChooseAnother={startOver}
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
