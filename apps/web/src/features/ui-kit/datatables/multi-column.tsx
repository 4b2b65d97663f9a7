import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeText, DateTimeText } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import type { GeneratedColumn } from './generated-columns';
import { GeneratedListQuery, LIST_STATE, valueMinorOf } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList, useLocalGeneratedList } from './use-generated-list';

const MultiQuery = GeneratedListQuery.pick(LIST_STATE);

/**
 * Cells of two lines, as the ledger and the reports write them: a component's code over its name, a place's store over
 * its shelf, a quantity over its minimum, a value over its unit cost, a day over its time.
 */
function useMultiLineColumns(): GeneratedColumn[] {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  return useMemo<GeneratedColumn[]>(
    () => [
      {
        accessor: 'code',
        title: t('columns.component'),
        sortable: true,
        cellsStyle: () => ({ minWidth: 170 }),
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" ff="monospace">
              <CodeText>{row.code}</CodeText>
            </Text>
            <Text size="xs" c="dimmed">
              {row.name}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'locationPath',
        sortKey: 'location',
        title: t('columns.location'),
        sortable: true,
        cellsStyle: () => ({ minWidth: 160 }),
        render: (row) => {
          const [store, ...place] = row.locationPath.split(' / ');
          return (
            <Stack gap={0}>
              <Text size="sm">{store}</Text>
              <Text size="xs" c="dimmed">
                {place.join(' / ')}
              </Text>
            </Stack>
          );
        },
      },
      {
        accessor: 'quantity',
        title: t('columns.stock'),
        sortable: true,
        textAlign: 'right',
        render: (row) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {format.quantity(row.quantity, row.unit)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {row.minimumStock === '0'
                ? t('multiColumn.noMinimum')
                : t('multiColumn.minimum', { quantity: format.quantity(row.minimumStock, row.unit) })}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'value',
        title: t('columns.value'),
        sortable: true,
        textAlign: 'right',
        render: (row) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {format.money(valueMinorOf(row))}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('multiColumn.each', { cost: format.money(row.unitCostMinor) })}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'updatedAt',
        title: t('columns.updatedAt'),
        sortable: true,
        noWrap: true,
        render: (row) => <DateTimeText iso={row.updatedAt} />,
      },
    ],
    [t, format],
  );
}

function MultiLineList() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(MultiQuery);
  const columns = useMultiLineColumns();
  return (
    <KitExample title={t('multiColumn.list')}>
      <GeneratedListTable
        storeColumnsKey="kit-datatables-multi-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
      />
    </KitExample>
  );
}

function NarrowMultiLineList() {
  const { t } = useTranslation('kit-datatables');
  const { request, update, query } = useLocalGeneratedList({ pageSize: 10 });
  const columns = useMultiLineColumns();
  return (
    <KitExample title={t('states.narrow')} narrow>
      <GeneratedListTable
        ariaLabel={t('states.narrow')}
        storeColumnsKey="kit-datatables-multi-narrow-columns"
        columns={columns}
        query={query}
        state={request}
        onStateChange={update}
      />
    </KitExample>
  );
}

/** `/datatables/multi-column`: cells that hold two lines of one thing, in a wide and a narrow table. */
export default function MultiColumnPage() {
  return (
    <KitPage
      group="datatables"
      label="multiColumn"
      sources={[
        'components/data-table/list-table.tsx',
        'components/data-table/code-text.tsx',
        'components/data-table/date-time-text.tsx',
      ]}
    >
      <MultiLineList />
      <NarrowMultiLineList />
    </KitPage>
  );
}
