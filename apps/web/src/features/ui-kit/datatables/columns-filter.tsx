import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import {
  BelowMinimumFilter,
  CategoryFilter,
  LocationFilter,
  SearchFilter,
  UnitFilter,
  ViewLinks,
} from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList } from './use-generated-list';

const FilterQuery = GeneratedListQuery.pick({
  ...LIST_STATE,
  q: true,
  category: true,
  location: true,
  unit: true,
  belowMinimum: true,
});

function FilteredList() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(FilterQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.location, all.quantity, all.minimum], [all]);
  return (
    <KitExample title={t('columnsFilter.list')}>
      <Stack gap="sm">
        <GeneratedListTable
          storeColumnsKey="kit-datatables-filter-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          withClearFilters
          toolbar={
            <>
              <SearchFilter value={search.q} onChange={(q) => update({ q })} width={260} />
              <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
              <LocationFilter value={search.location} onChange={(location) => update({ location })} />
              <UnitFilter value={search.unit} onChange={(unit) => update({ unit })} />
              <BelowMinimumFilter value={search.belowMinimum} onChange={(belowMinimum) => update({ belowMinimum })} />
            </>
          }
        />
        <ViewLinks
          views={[
            { label: t('columnsFilter.views.cablesInMoscow'), search: { category: 'cables', location: 'msk-1' } },
            { label: t('columnsFilter.views.lowSolder'), search: { category: 'solder', belowMinimum: true } },
            { label: t('columnsFilter.views.nothing'), search: { category: 'kits', unit: 'kg' } },
          ]}
        />
      </Stack>
    </KitExample>
  );
}

/** `/datatables/columns-filter`: filters above the list, one per column worth narrowing by, kept in the address. */
export default function ColumnsFilterPage() {
  return (
    <KitPage
      group="datatables"
      label="columnsFilter"
      sources={['components/data-table/filter-select.tsx', 'components/data-table/list-search-input.tsx']}
    >
      <FilteredList />
    </KitPage>
  );
}
