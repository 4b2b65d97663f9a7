import { type Movement, Pagination, type Unit } from '@cm/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { componentMovementsQuery } from '../../components/catalogue/api';
import { DateTimeText, ListTable, useListSearch } from '../../components/data-table';
import { MovementReference, MovementTypeCell, movementSign } from '../../components/movements/display';
import { useFormatters } from '../../lib/format';
import { DetailSection } from './detail-section';

/** The history's page in the URL, ten movements at a time unless chosen otherwise: it sits below the details. */
const HistoryPage = Pagination.extend({ pageSize: Pagination.shape.pageSize.unwrap().default(10) });

/** The component's movements in the current department, newest first, a page at a time. */
export function ComponentHistory({ componentId, unit }: { componentId: string; unit: Unit }) {
  const { t } = useTranslation('components');
  const format = useFormatters();
  const [page, update] = useListSearch(HistoryPage);
  const movements = useQuery(componentMovementsQuery(componentId, page.page, page.pageSize));
  const total = movements.data?.total ?? 0;
  const title = t('detail.movements');

  const columns = useMemo<DataTableColumn<Movement>[]>(
    () => [
      {
        accessor: 'createdAt',
        title: t('movements.time'),
        render: (movement) => <DateTimeText iso={movement.createdAt} />,
      },
      { accessor: 'number', title: t('movements.number') },
      {
        accessor: 'type',
        title: t('movements.type'),
        cellsStyle: () => ({ minWidth: 130 }),
        render: (movement) => <MovementTypeCell movement={movement} />,
      },
      {
        accessor: 'quantity',
        title: t('movements.quantity'),
        textAlign: 'right',
        render: (movement) => (
          <Text
            span
            size="sm"
            td={movement.reversedById ? 'line-through' : undefined}
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {movementSign(movement)}
            {format.quantity(movement.quantity, unit)}
          </Text>
        ),
      },
      { accessor: 'from', title: t('movements.from'), render: (movement) => movement.from?.path ?? '—' },
      { accessor: 'to', title: t('movements.to'), render: (movement) => movement.to?.path ?? '—' },
      { accessor: 'user.name', title: t('movements.user'), noWrap: true },
      {
        accessor: 'reference',
        title: t('movements.reference'),
        noWrap: true,
        render: (movement) => <MovementReference movement={movement} />,
      },
    ],
    [t, format, unit],
  );

  return (
    <DetailSection
      title={title}
      actions={
        total > 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.movementCount', { count: total })}
          </Text>
        ) : undefined
      }
    >
      {movements.data?.total === 0 ? (
        // Like the other panels of the page, a line says there is nothing, rather than an empty table.
        <Text c="dimmed" size="sm">
          {t('detail.noMovements')}
        </Text>
      ) : (
        <ListTable<Movement>
          ariaLabel={title}
          storeColumnsKey="component-history-columns"
          columns={columns}
          query={movements}
          state={page}
          onStateChange={update}
          emptyMessage={t('detail.noMovements')}
          // As tall as fits with the page scrolled to its end: the whole history, header to pager, is then in
          // view under the app's bar, and a page of ten movements mostly shows without scrolling.
          maxHeight="max(300px, calc(100dvh - 330px))"
        />
      )}
      {format.timeZoneNote && total > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {format.timeZoneNote}
        </Text>
      ) : null}
    </DetailSection>
  );
}
