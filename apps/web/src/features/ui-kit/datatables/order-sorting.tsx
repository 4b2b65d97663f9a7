import { Code, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KitExample, KitPage } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import { ViewLinks } from './generated-filters';
import { GeneratedListQuery, LIST_STATE } from './generated-list';
import { GeneratedListTable } from './generated-list-table';
import { useGeneratedList } from './use-generated-list';

const SortingQuery = GeneratedListQuery.pick(LIST_STATE);

function SortedList() {
  const { t } = useTranslation('kit-datatables');
  const { search, update, query } = useGeneratedList(SortingQuery);
  const all = useGeneratedColumns();
  const columns = useMemo(
    () => [all.code, all.name, all.category, all.quantity, all.minimum, all.unitCost, all.value, all.updatedAt],
    [all],
  );
  return (
    <KitExample title={t('orderSorting.list')}>
      <Stack gap="sm">
        <Text size="sm" aria-live="polite">
          {t('orderSorting.current', {
            column: t(`orderSorting.sorts.${search.sort}`),
            direction: t(`orderSorting.${search.order}`),
          })}{' '}
          <Code>{`sort=${search.sort}&order=${search.order}`}</Code>
        </Text>
        <GeneratedListTable
          storeColumnsKey="kit-datatables-sorting-columns"
          columns={columns}
          query={query}
          state={search}
          onStateChange={update}
        />
      </Stack>
    </KitExample>
  );
}

function SortLinks() {
  const { t } = useTranslation('kit-datatables');
  return (
    <KitExample title={t('orderSorting.links')}>
      <ViewLinks
        views={[
          { label: t('orderSorting.views.valuable'), search: { sort: 'value', order: 'desc' } },
          { label: t('orderSorting.views.recent'), search: { sort: 'updatedAt', order: 'desc' } },
          { label: t('orderSorting.views.names'), search: { sort: 'name' } },
          { label: t('orderSorting.views.default'), search: {} },
        ]}
      />
    </KitExample>
  );
}

/** `/datatables/order-sorting`: sorting the whole list by a header, the choice kept in the address. */
export default function OrderSortingPage() {
  return (
    <KitPage
      group="datatables"
      label="orderSorting"
      sources={['components/data-table/list-table.tsx', 'components/data-table/use-list-search.ts']}
    >
      <SortedList />
      <SortLinks />
    </KitPage>
  );
}
