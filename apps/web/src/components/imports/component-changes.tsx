import type { ComponentChange, ImportColumn, Unit } from '@cm/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
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
  const format = useFormatters();
  if (count === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const rows: ChangedField[] = changes.flatMap(({ row, sku, fields }) =>
    fields.map((field) => ({ row, sku, ...field })),
  );
  // In the reader's words: money, quantities and units as the rest of the product writes them.
  const shown = (column: ImportColumn, value: string) => {
    if (value === '') return t('emptyValue');
    if (column === 'unitCost') return format.money(value);
    if (column === 'minimumStock') return format.quantity(value);
    if (column === 'unit') return format.unit(value as Unit);
    return value;
  };
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
          { key: 'from', title: t('changes.from'), truncate: true, render: (field) => shown(field.column, field.from) },
          { key: 'to', title: t('changes.to'), truncate: true, render: (field) => shown(field.column, field.to) },
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
