import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import { ViewLinks } from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList, useLocalGeneratedList } from './use-generated-list';

const PagedQuery = GeneratedListQuery.pick(LIST_STATE);

function useColumns() {
  const all = useGeneratedColumns();
  return useMemo(() => [all.code, all.name, all.location, all.quantity], [all]);
}

function PagesInTheAddress() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(PagedQuery);
  const columns = useColumns();
  return (
    <KitExample title={t('altPagination.address')}>
      <Stack gap="sm">
        <GeneratedListTable
          storeColumnsKey="kit-datatables-pages-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
          maxHeight={420}
        />
        <ViewLinks
          views={[
            { label: t('altPagination.views.second'), search: { page: 2 } },
            { label: t('altPagination.views.last'), search: { page: 100, pageSize: 100 } },
            { label: t('altPagination.views.pastTheEnd'), search: { page: 9_999 } },
          ]}
        />
      </Stack>
    </KitExample>
  );
}

function PagesOfAPanel({ narrow = false }: { narrow?: boolean }) {
  const { t } = useTranslation('kit-datatables');
  const { request, update, query } = useLocalGeneratedList({ pageSize: 10 });
  const columns = useColumns();
  const title = narrow ? t('states.narrow') : t('altPagination.panel');
  return (
    <KitExample title={title} narrow={narrow}>
      <GeneratedListTable
        ariaLabel={title}
        storeColumnsKey={`kit-datatables-pages-${narrow ? 'narrow' : 'panel'}-columns`}
        columns={columns}
        query={query}
        state={request}
        onStateChange={update}
        maxHeight={360}
      />
    </KitExample>
  );
}

/** `/datatables/alt-pagination`: the pager of the lists, its page in the address or in a panel, wide and narrow. */
export default function AltPaginationPage() {
  return (
    <KitPage
      group="datatables"
      label="altPagination"
      sources={['components/data-table/list-table.tsx', 'components/data-table/use-list-search.ts']}
    >
      <PagesInTheAddress />
      <PagesOfAPanel />
      <PagesOfAPanel narrow />
    </KitPage>
  );
}
