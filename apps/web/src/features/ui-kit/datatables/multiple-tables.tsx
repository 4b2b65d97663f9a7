import { SortOrder } from '@cm/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useListSearch, WholeTable, type WholeTableColumn } from '../../../components/data-table';
import { useFormatters } from '../../../lib/format';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { CategoryFilter, SearchFilter } from './generated-filters';
import { GeneratedListQuery, type GeneratedTotals, LIST_STATE, totalsOf } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { QuantitySums } from './generated-totals';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const ListQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true, category: true });

/** The second table's sorting, in the URL under names of its own: `sort` and `order` are the list's. */
const SummarySort = z.enum(['category', 'count', 'value']);
type SummarySort = z.infer<typeof SummarySort>;
const SummaryQuery = z.object({ summarySort: SummarySort.default('value'), summaryOrder: SortOrder.default('desc') });

type CategorySummary = { categoryId: string; categoryPath: string; count: number; totals: GeneratedTotals };

const collator = new Intl.Collator('en');
const COMPARE: Record<SummarySort, (a: CategorySummary, b: CategorySummary) => number> = {
  category: (a, b) => collator.compare(a.categoryPath, b.categoryPath),
  count: (a, b) => a.count - b.count,
  value: (a, b) => a.totals.valueMinor - b.totals.valueMinor,
};

function summaryOf(rows: readonly GeneratedComponent[]): CategorySummary[] {
  const byCategory = new Map<string, GeneratedComponent[]>();
  for (const row of rows) {
    const members = byCategory.get(row.categoryId);
    if (members) members.push(row);
    else byCategory.set(row.categoryId, [row]);
  }
  return [...byCategory.values()].map((members) => ({
    categoryId: members[0]?.categoryId ?? '',
    categoryPath: members[0]?.categoryPath ?? '',
    count: members.length,
    totals: totalsOf(members),
  }));
}

function TwoTables() {
  const { t } = useTranslation('kit-datatables');
  const format = useFormatters();
  const { search, request, update, query } = useGeneratedList(ListQuery);
  const [summarySearch, updateSummary] = useListSearch(SummaryQuery);
  const all = useGeneratedColumns();
  const listColumns = useMemo(() => [all.code, all.name, all.category, all.quantity, all.value], [all]);
  const { page: _page, pageSize: _pageSize, ...filters } = request;
  const rows = useFilteredRows(filters);
  const overall = useMemo(() => totalsOf(rows), [rows]);

  const { summarySort, summaryOrder } = summarySearch;
  // A whole table shows its rows in the order given: the screen sorts them.
  const summary = useMemo(() => {
    const sorted = summaryOf(rows).sort(COMPARE[summarySort]);
    return summaryOrder === 'desc' ? sorted.reverse() : sorted;
  }, [rows, summarySort, summaryOrder]);

  const summaryColumns = useMemo<WholeTableColumn<CategorySummary>[]>(
    () => [
      {
        key: 'category',
        title: t('columns.category'),
        sortable: true,
        pinned: true,
        render: (row) => row.categoryPath,
        footer: t('multipleTables.total'),
      },
      {
        key: 'count',
        title: t('multipleTables.count'),
        sortable: true,
        align: 'right',
        render: (row) => format.count(row.count),
        footer: (
          <Text span size="sm" fw={700}>
            {format.count(rows.length)}
          </Text>
        ),
      },
      {
        key: 'quantity',
        title: t('columns.quantity'),
        align: 'right',
        render: (row) => <QuantitySums quantities={row.totals.quantities} />,
      },
      {
        key: 'value',
        title: t('columns.value'),
        sortable: true,
        align: 'right',
        render: (row) => format.money(row.totals.valueMinor),
        footer: (
          <Text span size="sm" fw={700}>
            {format.money(overall.valueMinor)}
          </Text>
        ),
      },
    ],
    [t, format, rows.length, overall.valueMinor],
  );

  return (
    <>
      <KitExample title={t('multipleTables.list')}>
        <GeneratedListTable
          storeColumnsKey="kit-datatables-multiple-columns"
          columns={listColumns}
          query={query}
          state={search}
          onStateChange={update}
          maxHeight={420}
          toolbar={
            <>
              <SearchFilter value={search.q} onChange={(q) => update({ q })} width={300} />
              <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
            </>
          }
        />
      </KitExample>
      <KitExample title={t('multipleTables.summary')}>
        {summary.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('list.emptyFiltered')}
          </Text>
        ) : (
          <WholeTable<CategorySummary>
            label={t('multipleTables.summary')}
            columns={summaryColumns}
            rows={summary}
            sort={{ column: summarySort, direction: summaryOrder }}
            onSortChange={({ column, direction }) => {
              const parsed = SummarySort.safeParse(column);
              if (parsed.success) updateSummary({ summarySort: parsed.data, summaryOrder: direction });
            }}
          />
        )}
      </KitExample>
    </>
  );
}

/** `/datatables/multiple-tables`: a list and a summary of it on one page, each with its own state in the address. */
export default function MultipleTablesPage() {
  return (
    <KitPage
      group="datatables"
      label="multipleTables"
      sources={['components/data-table/list-table.tsx', 'components/data-table/whole-table.tsx']}
    >
      <TwoTables />
    </KitPage>
  );
}
