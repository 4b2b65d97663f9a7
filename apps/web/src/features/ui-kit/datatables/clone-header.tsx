import { Pagination } from '@cm/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable, type WholeTableColumn } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { type GeneratedColumn, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { CategoryFilter, SearchFilter } from './generated-filters';
import { GeneratedListQuery, LIST_STATE, totalsOf, valueMinorOf } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { QuantitySums } from './generated-totals';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const TotalsQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true, category: true }).extend({
  pageSize: Pagination.shape.pageSize.unwrap().default(100),
});

/** Rows of the whole table: few enough to arrive with their screen, as an import's preview does. */
const WHOLE_ROWS = 40;

/**
 * The list with a totals row under its rows, as the reports show it: the header above and the totals below stay in
 * view while the rows scroll between them, and the totals are of every page of the view, not of the page shown.
 */
function ListWithTotals() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const { search, request, update, query } = useGeneratedList(TotalsQuery);
  const { page: _page, pageSize: _pageSize, ...filters } = request;
  const rows = useFilteredRows(filters);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const all = useGeneratedColumns();
  // A totals row under no rows says nothing: it shows once there are rows to sum.
  const withRows = rows.length > 0;
  const columns = useMemo<GeneratedColumn[]>(
    () => [
      {
        ...all.code,
        footer: withRows ? t('cloneHeader.totals', { count: rows.length, formatted: format.count(rows.length) }) : null,
      },
      all.name,
      all.category,
      { ...all.quantity, footer: withRows ? <QuantitySums quantities={totals.quantities} /> : null },
      {
        ...all.value,
        footer: withRows ? (
          <Text span size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {format.money(totals.valueMinor)}
          </Text>
        ) : null,
      },
    ],
    [all, t, format, rows.length, totals, withRows],
  );
  return (
    <KitExample title={t('cloneHeader.list')}>
      <GeneratedListTable
        storeColumnsKey="kit-datatables-totals-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        maxHeight="max(320px, calc(100dvh - 300px))"
        toolbar={
          <>
            <SearchFilter value={search.q} onChange={(q) => update({ q })} width={300} />
            <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
          </>
        }
      />
    </KitExample>
  );
}

/** Rows that arrive whole, with their totals row: the same idea without pages. */
function WholeWithTotals() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const sorted = useFilteredRows({ sort: 'code' });
  const rows = useMemo(() => sorted.slice(0, WHOLE_ROWS), [sorted]);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const columns = useMemo<WholeTableColumn<GeneratedComponent>[]>(
    () => [
      {
        key: 'code',
        title: t('columns.code'),
        pinned: true,
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.code}
          </Text>
        ),
        footer: t('cloneHeader.totals', { count: rows.length, formatted: format.count(rows.length) }),
      },
      { key: 'name', title: t('columns.name'), truncate: true, render: (row) => row.name },
      {
        key: 'quantity',
        title: t('columns.quantity'),
        align: 'right',
        render: (row) => format.quantity(row.quantity, row.unit),
        footer: <QuantitySums quantities={totals.quantities} />,
      },
      {
        key: 'value',
        title: t('columns.value'),
        align: 'right',
        render: (row) => format.money(valueMinorOf(row)),
        footer: (
          <Text span size="sm" fw={700}>
            {format.money(totals.valueMinor)}
          </Text>
        ),
      },
    ],
    [t, format, rows.length, totals],
  );
  return (
    <KitExample title={t('cloneHeader.whole')}>
      <WholeTable<GeneratedComponent> label={t('cloneHeader.whole')} columns={columns} rows={rows} maxHeight={320} />
    </KitExample>
  );
}

/** `/datatables/clone-header`: what the product does instead of cloning a header: it keeps it, and sums below. */
export default function CloneHeaderPage() {
  return (
    <KitPage
      group="datatables"
      label="cloneHeader"
      sources={['components/data-table/list-table.tsx', 'components/data-table/whole-table.tsx']}
    >
      <ListWithTotals />
      <WholeWithTotals />
    </KitPage>
  );
}
