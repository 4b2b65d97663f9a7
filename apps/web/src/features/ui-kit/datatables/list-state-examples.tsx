import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchInput, type ListTableQuery } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import { KitExample } from '../kit-page';
import { useGeneratedColumns } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { GeneratedListTable } from './generated-list-table';
import { useLocalGeneratedList } from './use-generated-list';

/** The few columns the state examples show: enough to see the table's shape. */
function useStateColumns() {
  const columns = useGeneratedColumns();
  return useMemo(() => [columns.code, columns.name, columns.quantity, columns.location], [columns]);
}

/** A search that matches nothing: the empty state, with the way back to the rows. */
export function EmptyExample() {
  const { t } = useTranslation('kit-datatables');
  const columns = useStateColumns();
  const { request, update, query } = useLocalGeneratedList({ q: t('states.nothingMatches') });
  return (
    <KitExample title={t('states.empty')}>
      <GeneratedListTable
        ariaLabel={t('states.empty')}
        storeColumnsKey="kit-datatables-empty-columns"
        columns={columns}
        query={query}
        state={request}
        onStateChange={update}
        emptyAction={
          request.q ? (
            <Button variant="default" onClick={() => update({ q: undefined })}>
              {t('list.clearSearch')}
            </Button>
          ) : null
        }
        toolbar={<ListSearchInput value={request.q} onChange={(q) => update({ q })} w={{ base: '100%', xs: 340 }} />}
      />
    </KitExample>
  );
}

const LOADING: ListTableQuery<GeneratedComponent> = {
  data: undefined,
  isPending: true,
  isFetching: true,
  error: null,
  refetch: () => undefined,
};

/** The first page on its way: grey bars in the table's shape, and the footer says it is loading. */
export function LoadingExample() {
  const { t } = useTranslation('kit-datatables');
  const columns = useStateColumns();
  return (
    <KitExample title={t('states.loading')}>
      <GeneratedListTable
        ariaLabel={t('states.loading')}
        storeColumnsKey="kit-datatables-loading-columns"
        columns={columns}
        query={LOADING}
        state={{ page: 1, pageSize: 25 }}
        onStateChange={() => undefined}
      />
    </KitExample>
  );
}

const UNAVAILABLE = new ApiError(503, 'SERVICE_UNAVAILABLE');

/** A list that could not be read, by its error code, with Retry; here Retry reads it. */
export function ErrorExample() {
  const { t } = useTranslation('kit-datatables');
  const columns = useStateColumns();
  const [retried, setRetried] = useState(false);
  const { request, update, query } = useLocalGeneratedList({ pageSize: 10 });
  const failed: ListTableQuery<GeneratedComponent> = {
    data: undefined,
    isPending: false,
    isFetching: false,
    error: UNAVAILABLE,
    refetch: () => setRetried(true),
  };
  return (
    <KitExample title={t('states.error')}>
      <GeneratedListTable
        ariaLabel={t('states.error')}
        storeColumnsKey="kit-datatables-error-columns"
        columns={columns}
        query={retried ? query : failed}
        state={request}
        onStateChange={update}
      />
    </KitExample>
  );
}

/** The table in a phone-wide column: the toolbar takes whole rows, codes wrap at their dashes, the pager wraps. */
export function NarrowExample() {
  const { t } = useTranslation('kit-datatables');
  const columns = useStateColumns();
  const { request, update, query } = useLocalGeneratedList({ pageSize: 10 });
  return (
    <KitExample title={t('states.narrow')} narrow>
      <GeneratedListTable
        ariaLabel={t('states.narrow')}
        storeColumnsKey="kit-datatables-narrow-columns"
        columns={columns}
        query={query}
        state={request}
        onStateChange={update}
        toolbar={<ListSearchInput value={request.q} onChange={(q) => update({ q })} w="100%" />}
      />
    </KitExample>
  );
}
