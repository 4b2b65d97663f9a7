import { Button, Stack, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput, ListTable } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';
import { rowId, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { CategoryFilter, LocationFilter, UnitFilter, ViewLinks } from './generated-filters';
import { GeneratedListQuery, isFiltered, LIST_STATE } from './generated-list';
import { useGeneratedList } from './use-generated-list';

const FilterQuery = GeneratedListQuery.pick({
  ...LIST_STATE,
  q: true,
  category: true,
  location: true,
  unit: true,
  belowMinimum: true,
});

const NO_FILTERS = { q: undefined, category: undefined, location: undefined, unit: undefined, belowMinimum: undefined };

function FilteredList() {
  const { t } = useTranslation('kit-datatables');
  const { search, request, update, query } = useGeneratedList(FilterQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.location, all.quantity, all.minimum], [all]);
  const filtered = isFiltered(request);
  return (
    <KitExample title={t('columnsFilter.list')}>
      <Stack gap="sm">
        <ListTable<GeneratedComponent, typeof search.sort>
          ariaLabel={t('list.label')}
          storeColumnsKey="kit-datatables-filter-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          idAccessor={rowId}
          emptyMessage={filtered ? t('list.emptyFiltered') : t('list.empty')}
          emptyAction={
            filtered ? (
              <Button variant="default" onClick={() => update(NO_FILTERS)}>
                {t('list.clearFilters')}
              </Button>
            ) : null
          }
          toolbar={
            <>
              <ListSearchInput
                value={search.q}
                onChange={(q) => update({ q })}
                placeholder={t('list.searchPlaceholder')}
                w={{ base: '100%', xs: 260 }}
              />
              <CategoryFilter value={search.category} onChange={(category) => update({ category })} />
              <LocationFilter value={search.location} onChange={(location) => update({ location })} />
              <UnitFilter value={search.unit} onChange={(unit) => update({ unit })} />
              <Switch
                label={t('filters.belowMinimum')}
                checked={search.belowMinimum ?? false}
                onChange={(event) => update({ belowMinimum: event.currentTarget.checked || undefined })}
                pb={8}
              />
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
