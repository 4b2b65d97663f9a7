import { ImportColumn, type ImportCommitResponse, type ImportFileReading, type ImportPreview } from '@cm/contract';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadTemplate, previewImport, readImportFile, useCommitImport } from './api';
import { ColumnsStep } from './columns-step';
import { ComponentChanges } from './component-changes';
import { type ImportFlow, ImportSteps } from './import-steps';

/** The components import as the shared import steps run it, with the step that maps a file's columns. */
function useComponentsImport(): ImportFlow<ImportPreview, ImportCommitResponse, ImportFileReading> {
  const { t } = useTranslation('imports');
  const { mutateAsync: commit } = useCommitImport();
  return {
    templateDescription: t('template.description'),
    downloadTemplate,
    check: { kind: 'mapped', read: readImportFile, preview: previewImport, Step: ColumnsStep },
    commit,
    columns: ImportColumn.options,
    columnLabel: (column) => t(`columns.${column}`),
    summary: ({ summary }) => [
      { value: summary.newComponents, label: t('summary.newComponents', { count: summary.newComponents }) },
      { value: summary.updatedComponents, label: t('summary.updatedComponents', { count: summary.updatedComponents }) },
      { value: summary.newCategories, label: t('summary.newCategories', { count: summary.newCategories }) },
      { value: summary.openingBalances, label: t('summary.openingBalances', { count: summary.openingBalances }) },
    ],
    notice: () => null,
    details: (preview) => <ComponentChanges changes={preview.changes} count={preview.changedComponents} />,
    result: (result) => [
      { value: result.createdComponents, label: t('done.createdComponents', { count: result.createdComponents }) },
      { value: result.updatedComponents, label: t('done.updatedComponents', { count: result.updatedComponents }) },
      { value: result.createdCategories, label: t('done.createdCategories', { count: result.createdCategories }) },
      { value: result.openingBalances, label: t('done.openingBalances', { count: result.openingBalances }) },
    ],
    doneMessage: t('done.message'),
  };
}

/**
 * Import of components and opening balances from CSV or XLSX (PRODUCT.md §4): template, upload with
 * progress, the mapping of the file's columns, a preview with counts, changes, sample rows and row errors,
 * then an all-or-nothing commit.
 */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['imports', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      closeOnClickOutside={false}
    >
      {opened && <ComponentsImport onClose={onClose} />}
    </Modal>
  );
}

function ComponentsImport({ onClose }: { onClose: () => void }) {
  return <ImportSteps flow={useComponentsImport()} onClose={onClose} />;
}
