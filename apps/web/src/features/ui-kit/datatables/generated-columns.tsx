import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import type { GeneratedComponent } from './generated-components';
import { isBelowMinimum, valueMinorOf } from './generated-list';

export type GeneratedColumn = DataTableColumn<GeneratedComponent>;

/** Ids of the generated rows, for the tables' `idAccessor`. */
export const rowId = (row: GeneratedComponent) => row.id;

/**
 * The columns of the generated list, made as the stock and catalogue screens make theirs: codes that wrap only at a
 * dash, quantities with their unit, money in the organisation currency, "below minimum" in words beside the name.
 * Each page takes the ones it shows.
 */
export function useGeneratedColumns() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  return useMemo(
    () =>
      ({
        code: {
          accessor: 'code',
          title: t('columns.code'),
          sortable: true,
          render: (row) => (
            <Text size="sm" ff="monospace">
              <CodeText>{row.code}</CodeText>
            </Text>
          ),
        },
        name: {
          accessor: 'name',
          title: t('columns.name'),
          sortable: true,
          render: (row) => (
            <Group gap={6} wrap="wrap">
              <Text size="sm">{row.name}</Text>
              {isBelowMinimum(row) ? (
                <Badge color="orange" variant="dot" size="sm" style={{ flexShrink: 0 }}>
                  {t('list.belowMinimum')}
                </Badge>
              ) : null}
            </Group>
          ),
        },
        category: { accessor: 'categoryPath', title: t('columns.category'), sortable: true, sortKey: 'category' },
        location: { accessor: 'locationPath', title: t('columns.location'), sortable: true, sortKey: 'location' },
        quantity: {
          accessor: 'quantity',
          title: t('columns.quantity'),
          sortable: true,
          textAlign: 'right',
          render: (row) => (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} c={row.quantity === '0' ? 'dimmed' : undefined}>
              {format.quantity(row.quantity, row.unit)}
            </Text>
          ),
        },
        minimum: {
          accessor: 'minimumStock',
          title: t('columns.minimum'),
          textAlign: 'right',
          render: (row) => (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {row.minimumStock === '0' ? '—' : format.quantity(row.minimumStock, row.unit)}
            </Text>
          ),
        },
        unitCost: {
          accessor: 'unitCostMinor',
          title: t('columns.unitCost'),
          sortable: true,
          sortKey: 'unitCost',
          textAlign: 'right',
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(row.unitCostMinor)}</span>,
        },
        value: {
          accessor: 'value',
          title: t('columns.value'),
          sortable: true,
          textAlign: 'right',
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(valueMinorOf(row))}</span>,
        },
        updatedAt: {
          accessor: 'updatedAt',
          title: t('columns.updatedAt'),
          sortable: true,
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.updatedAt)}</span>,
        },
      }) satisfies Record<string, GeneratedColumn>,
    [t, format],
  );
}
