import type { ComponentChange, ImportColumn } from '@cm/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../data-table';
import { CountedHeading } from './import-headings';

/** One changed field of one component: a row of the changes table. */
type ChangedField = { row: number; sku: string; column: ImportColumn; from: string; to: string };

/**
 * What a components import changes on components that exist, before it is committed: per component, each field
 * it changes, as stored and as the file gives it.
 */
export function ComponentChanges({ changes, count }: { changes: readonly ComponentChange[]; count: number }) {
  const { t, i18n } = useTranslation('imports');
  if (count === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const rows: ChangedField[] = changes.flatMap(({ row, sku, fields }) =>
    fields.map((field) => ({ row, sku, ...field })),
  );
  const shown = (value: string) => (value === '' ? t('emptyValue') : value);
  return (
    <Stack gap={6}>
      <CountedHeading
        title={t('changes.title')}
        count={t('changes.count', { count, formatted: number.format(count) })}
      />
      <WholeTable<ChangedField>
        label={t('changes.title')}
        maxHeight={280}
        rows={rows}
        columns={[
          { key: 'row', title: t('errorRow'), width: 70, render: (field) => number.format(field.row) },
          { key: 'sku', title: t('columns.sku'), width: 180, truncate: true, render: (field) => field.sku },
          { key: 'field', title: t('changes.field'), width: 170, render: (field) => t(`columns.${field.column}`) },
          { key: 'from', title: t('changes.from'), truncate: true, render: (field) => shown(field.from) },
          { key: 'to', title: t('changes.to'), truncate: true, render: (field) => shown(field.to) },
        ]}
      />
      {count > changes.length && (
        <Text size="sm" c="dimmed">
          {t('changes.more', { count: count - changes.length })}
        </Text>
      )}
    </Stack>
  );
}
