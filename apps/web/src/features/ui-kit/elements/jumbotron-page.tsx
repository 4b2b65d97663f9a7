import { Button, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListPage, ListTable, type ListTableState } from '../../../components/data-table';
import { LoadFailed } from '../../../components/load-failed';
import { MOVEMENT_KIND_ICONS } from '../../../components/movements/display';
import { RangeIncomplete } from '../../../components/sales-period/period-controls';
import { ApiError } from '../../../lib/api-client';
import { KitExample, KitPage } from '../kit-page';

type StockRow = { id: string; sku: string; location: string };

const NO_ROWS: ListPage<StockRow> = { items: [], total: 0 };

/** A list with nothing in it yet: the table keeps its header and says so, with the action that fills it. */
function EmptyList() {
  const { t } = useTranslation('kit-elements');
  const [state, setState] = useState<ListTableState>({ page: 1, pageSize: 25 });
  const columns: DataTableColumn<StockRow>[] = [
    { accessor: 'sku', title: t('jumbotron.columns.sku') },
    { accessor: 'location', title: t('jumbotron.columns.location') },
  ];
  return (
    <ListTable<StockRow>
      columns={columns}
      storeColumnsKey="kit-elements-empty-list-columns"
      query={{ data: NO_ROWS, isPending: false, isFetching: false, error: null, refetch: () => undefined }}
      state={state}
      onStateChange={(patch) => setState((current) => ({ ...current, ...patch }))}
      emptyMessage={t('jumbotron.emptyList')}
      emptyAction={<Button leftSection={MOVEMENT_KIND_ICONS.receipt}>{t('jumbotron.receive')}</Button>}
      ariaLabel={t('jumbotron.listLabel')}
      maxHeight={320}
    />
  );
}

/** The kit's large messages in place of a screen's content: a failed load, an incomplete choice, an empty list. */
export default function JumbotronPage() {
  const { t } = useTranslation('kit-elements');
  const [retries, setRetries] = useState(0);
  const failure = (
    <>
      <LoadFailed
        title={t('jumbotron.loadFailed')}
        error={new ApiError(0, 'NETWORK_ERROR')}
        onRetry={() => setRetries((count) => count + 1)}
      />
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {t('jumbotron.retried', { count: retries })}
      </Text>
    </>
  );
  return (
    <KitPage
      group="elements"
      label="jumbotron"
      sources={['components/load-failed', 'components/sales-period/period-controls', 'components/data-table']}
    >
      <KitExample title={t('jumbotron.examples.failed')}>{failure}</KitExample>
      <KitExample title={t('jumbotron.examples.incomplete')}>
        <RangeIncomplete />
      </KitExample>
      <KitExample title={t('jumbotron.examples.emptyList')}>
        <EmptyList />
      </KitExample>
      <KitExample title={t('states.longText')}>
        <LoadFailed
          title={t('jumbotron.long')}
          error={new ApiError(503, 'SERVICE_UNAVAILABLE')}
          onRetry={() => setRetries((count) => count + 1)}
        />
      </KitExample>
      <KitExample title={t('states.narrow')} narrow>
        {failure}
      </KitExample>
    </KitPage>
  );
}
