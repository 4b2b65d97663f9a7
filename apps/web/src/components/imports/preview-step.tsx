import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { WholeTable } from '../data-table';
import { type CommitRefusal, type ImportPreviewShape, type RowProblem, shownErrors } from './import-flow';
import { CountedHeading, FileLine } from './import-headings';
import { type ImportStat, ImportStats } from './import-stats';

/** Row errors shown at once; the server lists at most 1 000 and says how many there were. */
const ERRORS_SHOWN = 200;

/**
 * The checked file: its numbers, its row errors or the all-clear, its first rows as read under the
 * columns' names, and Import. After a refused commit it says why, with the rows that failed.
 */
export function PreviewStep({
  preview,
  fileName,
  stats,
  notice,
  details,
  columns,
  columnLabel,
  refusal,
  committable,
  onChooseAnother,
  onReopenColumns,
  onCommit,
}: {
  preview: ImportPreviewShape;
  fileName: string;
  stats: ImportStat[];
  /** A warning that does not stop the import. */
  notice: string | null;
  /** What else the import shows of its file, e.g. what an update changes. */
  details: ReactNode;
  /** The import's columns in template order. */
  columns: readonly string[];
  columnLabel: (column: string) => string;
  refusal: CommitRefusal | null;
  committable: boolean;
  onChooseAnother: () => void;
  /** Back to the mapping of the file's columns, for an import that has one. */
  onReopenColumns?: (() => void) | undefined;
  onCommit: () => void;
}) {
  const { t, i18n } = useTranslation(['imports', 'errors']);
  const number = new Intl.NumberFormat(i18n.language);
  const { errors, count } = shownErrors(preview, refusal);
  const hasErrors = count > 0 || preview.importId === null;
  const shown = errors.slice(0, ERRORS_SHOWN);
  const label = (column: string | null) =>
    column === null ? '—' : columns.includes(column) ? columnLabel(column) : column;
  // The file's own header beside the field it was read into, when the import maps columns and they differ.
  const columnOf = (error: RowProblem) =>
    error.header && error.column && error.header.toLowerCase() !== label(error.column).toLowerCase()
      ? `${error.header} → ${label(error.column)}`
      : label(error.column);
  const showsValues = errors.some((error) => error.value !== undefined);
  // The template's columns first, in its order, then any other the file has.
  const sampleColumns = [
    ...columns.filter((column) => preview.sample.some((row) => row[column] !== undefined)),
    ...[...new Set(preview.sample.flatMap((row) => Object.keys(row)))].filter((key) => !columns.includes(key)),
  ];

  return (
    <Stack gap="md">
      <FileLine name={fileName}>
        <Text size="sm" c="dimmed">
          {t('rowsRead', { count: preview.totalRows, formatted: number.format(preview.totalRows) })}
        </Text>
      </FileLine>

      <ImportStats stats={stats} />
      {notice && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {notice}
        </Alert>
      )}

      {hasErrors ? (
        <Stack gap="xs">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('errorsFound', { count })} role="alert">
            {t(onReopenColumns ? 'errorsHelpColumns' : 'errorsHelp')}
          </Alert>
          {shown.length > 0 && (
            <WholeTable<RowProblem>
              label={t('errorsTable')}
              maxHeight={280}
              rows={shown}
              columns={[
                {
                  key: 'row',
                  title: t('errorRow'),
                  width: 80,
                  render: (error) => (error.row === 0 ? t('wholeFile') : number.format(error.row)),
                },
                { key: 'column', title: t('errorColumn'), width: 220, render: columnOf },
                ...(showsValues
                  ? [
                      {
                        key: 'value',
                        title: t('errorValue'),
                        width: 160,
                        truncate: true,
                        render: (error: RowProblem) =>
                          error.value === null || error.value === undefined
                            ? '—'
                            : error.value === ''
                              ? t('emptyValue')
                              : error.value,
                      },
                    ]
                  : []),
                {
                  key: 'problem',
                  title: t('errorReason'),
                  render: (error) => t(`codes.${error.code}`, { defaultValue: error.message }),
                },
              ]}
            />
          )}
          {count > shown.length && (
            <Text size="sm" c="dimmed">
              {t('moreErrors', { count: count - shown.length })}
            </Text>
          )}
        </Stack>
      ) : (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          {t('noErrors', { count: preview.totalRows })}
        </Alert>
      )}

      {details}

      {preview.sample.length > 0 && (
        <Stack gap={6}>
          <CountedHeading title={t('sample')} count={t('sampleCount', { count: preview.sample.length })} />
          <WholeTable<Record<string, string>>
            label={t('sample')}
            rows={preview.sample}
            columns={sampleColumns.map((column) => ({
              key: column,
              title: label(column),
              truncate: true,
              render: (row) => row[column] ?? '',
            }))}
          />
        </Stack>
      )}

      {refusal !== null && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title={t('commitFailed')}>
          {refusal.reason === 'expired' ? t('expired') : errorMessage(t, refusal.error)}
        </Alert>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onChooseAnother}>
          {t('chooseAnother')}
        </Button>
        {onReopenColumns && (
          <Button variant="default" onClick={onReopenColumns}>
            {t('mapping.back')}
          </Button>
        )}
        <Button onClick={onCommit} disabled={!committable} leftSection={<IconUpload size={16} />}>
          {t('commit', { count: preview.totalRows, formatted: number.format(preview.totalRows) })}
        </Button>
      </Group>
    </Stack>
  );
}
