import { ImportColumn } from '@cm/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFileImport, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTemplate } from '../../../components/imports/api';
import { ColumnsStep } from '../../../components/imports/columns-step';
import { CommittingStep } from '../../../components/imports/committing-step';
import { ComponentChanges } from '../../../components/imports/component-changes';
import { FileStep } from '../../../components/imports/file-step';
import type { FileRejection } from '../../../components/imports/import-flow';
import { ImportWizard } from '../../../components/imports/import-wizard';
import { PreviewStep } from '../../../components/imports/preview-step';
import { CheckFailedStep, UploadStep } from '../../../components/imports/upload-step';
import { ApiError } from '../../../lib/api-client';
import { KitExample, KitPage } from '../kit-page';
import {
  previewStats,
  SAMPLE_FILE_NAME,
  SAMPLE_PREVIEW,
  SAMPLE_PREVIEW_WITH_ERRORS,
  SAMPLE_READING,
  sampleFile,
} from './import-samples';

/** The buttons of a step shown as a still picture lead nowhere: the wizard at the top runs them. */
const STILL = () => {};

/** The real components import, as Components opens it: everything up to Import is checked, Import writes. */
function LiveImport() {
  const { t } = useTranslation(['kit-forms', 'imports']);
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('wizards.writes')}
      </Alert>
      <Button leftSection={<IconFileImport size={16} />} onClick={() => setOpened(true)}>
        {t('wizards.open')}
      </Button>
      <ImportWizard opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}

/** The file step on its own: a file dropped here is named, one refused says why. */
function ChooseFile() {
  const { t } = useTranslation(['kit-forms', 'imports']);
  const [rejection, setRejection] = useState<FileRejection | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <FileStep
        templateDescription={t('imports:template.description')}
        downloadTemplate={downloadTemplate}
        rejection={rejection}
        onFile={(file) => {
          setRejection(null);
          setChosen(file.name);
        }}
        onReject={(next) => {
          setChosen(null);
          setRejection(next);
        }}
      />
      {chosen && (
        <Text size="sm" role="status">
          {t('wizards.chosen', { name: chosen })}
        </Text>
      )}
    </Stack>
  );
}

/** The components import's check of a file, shown with its numbers, changes and first rows. */
function Preview({ withErrors }: { withErrors: boolean }) {
  const { t } = useTranslation('imports');
  const preview = withErrors ? SAMPLE_PREVIEW_WITH_ERRORS : SAMPLE_PREVIEW;
  return (
    <PreviewStep
      preview={preview}
      fileName={SAMPLE_FILE_NAME}
      stats={previewStats(t, preview)}
      notice={null}
      details={<ComponentChanges changes={preview.changes} count={preview.changedComponents} />}
      columns={ImportColumn.options}
      columnLabel={(column) => t(`columns.${column}`)}
      refusal={null}
      committable={!withErrors}
      onChooseAnother={STILL}
      onReopenColumns={STILL}
      onCommit={STILL}
    />
  );
}

/** The import wizard: the real one, then each of its steps in the states a user meets, on a sample file. */
export default function WizardsPage() {
  const { t } = useTranslation(['kit-forms', 'imports']);
  const file = useMemo(sampleFile, []);
  return (
    <KitPage
      group="forms"
      label="wizards"
      sources={[
        'components/imports/import-wizard.tsx',
        'components/imports/import-steps.tsx',
        'components/imports/*-step.tsx',
      ]}
    >
      <KitExample title={t('wizards.examples.live')}>
        <LiveImport />
      </KitExample>
      <KitExample title={t('wizards.examples.file')}>
        <ChooseFile />
      </KitExample>
      <KitExample title={t('wizards.examples.rejected')}>
        <FileStep
          templateDescription={t('imports:template.description')}
          downloadTemplate={downloadTemplate}
          rejection="wrongType"
          onFile={STILL}
          onReject={STILL}
        />
      </KitExample>
      <KitExample title={t('wizards.examples.uploading')}>
        <UploadStep file={file} progress={0.42} reading={false} onCancel={STILL} />
      </KitExample>
      <KitExample title={t('wizards.examples.reading')}>
        <UploadStep file={file} progress={null} reading onCancel={STILL} />
      </KitExample>
      <KitExample title={t('wizards.examples.columns')}>
        <ColumnsStep reading={SAMPLE_READING} fileName={SAMPLE_FILE_NAME} onCheck={STILL} onChooseAnother={STILL} />
      </KitExample>
      <KitExample title={t('wizards.examples.checkFailed')}>
        <CheckFailedStep
          failure={{ error: new ApiError(0, 'NETWORK_ERROR'), retryable: true }}
          onRetry={STILL}
          onChooseAnother={STILL}
          onReopenColumns={STILL}
        />
      </KitExample>
      <KitExample title={t('wizards.examples.errors')}>
        <Preview withErrors />
      </KitExample>
      <KitExample title={t('wizards.examples.preview')}>
        <Preview withErrors={false} />
      </KitExample>
      <KitExample title={t('wizards.examples.committing')}>
        <CommittingStep rows={SAMPLE_PREVIEW.totalRows} />
      </KitExample>
      <KitExample title={t('wizards.examples.narrow')} narrow>
        <Stack gap="md">
          <UploadStep file={file} progress={0.42} reading={false} onCancel={STILL} />
          <CheckFailedStep
            failure={{ error: new ApiError(0, 'NETWORK_ERROR'), retryable: true }}
            onRetry={STILL}
            onChooseAnother={STILL}
            onReopenColumns={STILL}
          />
        </Stack>
      </KitExample>
    </KitPage>
  );
}
