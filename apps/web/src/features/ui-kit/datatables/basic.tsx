import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput, ListTable } from '../../../components/data-table';
import { KitExample, KitPage } from '../kit-page';
import { rowId, useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { GeneratedListQuery, isFiltered, LIST_STATE } from './generated-list';
import { EmptyExample, ErrorExample, LoadingExample, NarrowExample } from './list-state-examples';
import { useGeneratedList } from './use-generated-list';

const BasicQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true });

function BasicList() {
  const { t } = useTranslation('kit-datatables');
  const { search, request, update, query } = useGeneratedList(BasicQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.location, all.quantity, all.updatedAt], [all]);
  return (
    <KitExample title={t('basic.list')}>
      <ListTable<GeneratedComponent, typeof search.sort>
        ariaLabel={t('list.label')}
        storeColumnsKey="kit-datatables-basic-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        idAccessor={rowId}
        emptyMessage={isFiltered(request) ? t('list.emptyFiltered') : t('list.empty')}
        toolbar={
          <ListSearchInput
            value={search.q}
            onChange={(q) => update({ q })}
            placeholder={t('list.searchPlaceholder')}
            w={{ base: '100%', xs: 340 }}
          />
        }
      />
    </KitExample>
  );
}

/** `/datatables/basic`: the product's list table on 10 000 rows, and each state it can be in. */
export default function BasicPage() {
  return (
    <KitPage
      group="datatables"
      label="basic"
      sources={['components/data-table/list-table.tsx', 'components/data-table/use-list-search.ts']}
    >
      <BasicList />
      <EmptyExample />
      <LoadingExample />
      <ErrorExample />
      <NarrowExample />
    </KitPage>
  );
}
