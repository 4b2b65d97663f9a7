import { Menu, Stack, VisuallyHidden } from '@mantine/core';
import { IconCategory, IconListDetails } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';
import { ComponentDrawer } from './component-drawer';
import { type GeneratedColumn, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { BelowMinimumFilter, CategoryFilter, LocationFilter, SearchFilter } from './generated-filters';
import { GeneratedListQuery, LIST_STATE, totalsOf } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { TotalsLine } from './generated-totals';
import { useFilteredRows, useGeneratedList } from './use-generated-list';

const AdvancedQuery = GeneratedListQuery.pick({
  ...LIST_STATE,
  q: true,
  category: true,
  location: true,
  belowMinimum: true,
});

/** A list screen with everything the stock screen has: filters, rows that open, row actions, totals. */
function AdvancedList() {
  const { t } = useTranslation('kit-datatables');
  const { search, request, update, query } = useGeneratedList(AdvancedQuery);
  const { page: _page, pageSize: _pageSize, ...filters } = request;
  const rows = useFilteredRows(filters);
  const totals = useMemo(() => totalsOf(rows), [rows]);
  const [opened, setOpened] = useState<GeneratedComponent | null>(null);
  const all = useGeneratedColumns();

  const columns = useMemo<GeneratedColumn[]>(
    () => [
      { ...all.code, toggleable: false },
      all.name,
      all.category,
      all.location,
      all.quantity,
      { ...all.minimum, defaultToggle: false },
      all.value,
      {
        accessor: 'actions',
        title: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
        toggleable: false,
        textAlign: 'right',
        width: 56,
        render: (row) => (
          <RowMenu label={t('advanced.rowActions', { code: row.code })}>
            <Menu.Item leftSection={<IconListDetails size={16} />} onClick={() => setOpened(row)}>
              {t('advanced.details')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCategory size={16} />} onClick={() => update({ category: row.categoryId })}>
              {t('advanced.onlyCategory', { category: row.categoryPath })}
            </Menu.Item>
          </RowMenu>
        ),
      },
    ],
    [all, t, update],
  );
  const rowLabel = useCallback((row: GeneratedComponent) => t('list.open', { code: row.code, name: row.name }), [t]);

  return (
    <KitExample title={t('advanced.list')}>
      <Stack gap="sm">
        <GeneratedListTable
          storeColumnsKey="kit-datatables-advanced-columns"
          pinLastColumn
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          onRowClick={setOpened}
          rowLabel={rowLabel}
          withClearFilters
          toolbar={
            <>
              <SearchFilter value={search.q} onChange={(q) => update({ q })} width={340} />
              <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
              <LocationFilter value={search.location} onChange={(location) => update({ location })} />
              <BelowMinimumFilter value={search.belowMinimum} onChange={(belowMinimum) => update({ belowMinimum })} />
            </>
          }
        />
        {query.data ? <TotalsLine count={rows.length} totals={totals} /> : null}
      </Stack>
      <ComponentDrawer row={opened} onClose={() => setOpened(null)} />
    </KitExample>
  );
}

/** `/datatables/advanced`: a whole list screen built from the product's list table, on 10 000 rows. */
export default function AdvancedPage() {
  return (
    <KitPage
      group="datatables"
      label="advanced"
      sources={[
        'components/data-table/list-table.tsx',
        'components/data-table/filter-select.tsx',
        'components/data-table/list-search-input.tsx',
      ]}
    >
      <AdvancedList />
    </KitPage>
  );
}
