import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import { SearchFilter } from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { EmptyExample, ErrorExample, LoadingExample, NarrowExample } from './list-state-examples';
import { useGeneratedList } from './use-generated-list';

const BasicQuery = GeneratedListQuery.pick({ ...LIST_STATE, q: true });

function BasicList() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(BasicQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(() => [all.code, all.name, all.category, all.location, all.quantity, all.updatedAt], [all]);
  return (
    <KitExample title={t('basic.list')}>
      <GeneratedListTable
        storeColumnsKey="kit-datatables-basic-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        toolbar={<SearchFilter value={search.q} onChange={(q) => update({ q })} width={340} />}
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
