import {
  ActivityImportColumn,
  type ActivityImportPreview,
  LeadImportColumn,
  type LeadsImportPreview,
  type SalesImportCommitResponse,
  SalesImportKind,
} from '@cm/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportFlow, ImportSteps } from '../../../components/imports/import-steps';
import { downloadSalesTemplate, previewActivityImport, previewLeadsImport, useCommitSalesImport } from './api';

type SalesFlow<Preview extends LeadsImportPreview | ActivityImportPreview> = ImportFlow<
  Preview,
  SalesImportCommitResponse
>;

/** What the sales flows share: their commit, column labels and the note on unmatched managers. */
function useSalesFlow() {
  const { t } = useTranslation('imports');
  const { mutateAsync: commit } = useCommitSalesImport();
  return {
    commit,
    columnLabel: (column: string) => t(`sales.columns.${column}`),
    notice: ({ summary }: LeadsImportPreview | ActivityImportPreview) =>
      summary.unmatchedManagerAmoIds.length === 0
        ? null
        : t('sales.unmatched', {
            count: summary.unmatchedManagerAmoIds.length,
            ids: summary.unmatchedManagerAmoIds.join(', '),
          }),
    doneMessage: t('sales.done.message'),
  };
}

function useLeadsImport(): SalesFlow<LeadsImportPreview> {
  const { t } = useTranslation('imports');
  return {
    ...useSalesFlow(),
    templateDescription: t('sales.leadsTemplate'),
    downloadTemplate: (format, lang) => downloadSalesTemplate('leads', format, lang),
    check: { kind: 'uploaded', preview: previewLeadsImport },
    columns: LeadImportColumn.options,
    summary: ({ summary }) => [
      { value: summary.newLeads, label: t('sales.summary.newLeads', { count: summary.newLeads }) },
      { value: summary.updatedLeads, label: t('sales.summary.updatedLeads', { count: summary.updatedLeads }) },
      { value: summary.newPipelines, label: t('sales.summary.newPipelines', { count: summary.newPipelines }) },
      { value: summary.newLossReasons, label: t('sales.summary.newLossReasons', { count: summary.newLossReasons }) },
    ],
    result: (result) =>
      result.kind === 'leads'
        ? [
            { value: result.createdLeads, label: t('sales.done.createdLeads', { count: result.createdLeads }) },
            { value: result.updatedLeads, label: t('sales.done.updatedLeads', { count: result.updatedLeads }) },
            {
              value: result.createdPipelines,
              label: t('sales.done.createdPipelines', { count: result.createdPipelines }),
            },
            {
              value: result.createdLossReasons,
              label: t('sales.done.createdLossReasons', { count: result.createdLossReasons }),
            },
          ]
        : [],
  };
}

function useActivityImport(): SalesFlow<ActivityImportPreview> {
  const { t } = useTranslation('imports');
  return {
    ...useSalesFlow(),
    templateDescription: t('sales.activityTemplate'),
    downloadTemplate: (format, lang) => downloadSalesTemplate('activity', format, lang),
    check: { kind: 'uploaded', preview: previewActivityImport },
    columns: ActivityImportColumn.options,
    summary: ({ summary }) => [
      { value: summary.newDays, label: t('sales.summary.newDays', { count: summary.newDays }) },
      { value: summary.replacedDays, label: t('sales.summary.replacedDays', { count: summary.replacedDays }) },
    ],
    result: (result) =>
      result.kind === 'activity'
        ? [
            { value: result.createdDays, label: t('sales.done.createdDays', { count: result.createdDays }) },
            { value: result.replacedDays, label: t('sales.done.replacedDays', { count: result.replacedDays }) },
          ]
        : [],
  };
}

/**
 * Import of leads or of daily activity from CSV or XLSX (issue #5, for companies without amoCRM;
 * administrators): pick what the file holds, then the same steps as every import — template in the
 * interface language, upload with progress, preview with row errors, commit all or nothing.
 */
export function SalesImportPanel() {
  const { t } = useTranslation('imports');
  const [kind, setKind] = useState<SalesImportKind>('leads');
  const leads = useLeadsImport();
  const activity = useActivityImport();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('sales.intro')}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="sales-import-kind">
          {t('sales.kindLabel')}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(SalesImportKind.parse(value))}
          data={SalesImportKind.options.map((option) => ({ value: option, label: t(`sales.kinds.${option}`) }))}
          aria-labelledby="sales-import-kind"
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {/* A new kind starts its steps afresh. */}
      {kind === 'leads' ? <ImportSteps key="leads" flow={leads} /> : <ImportSteps key="activity" flow={activity} />}
    </Stack>
  );
}
