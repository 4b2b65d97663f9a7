import { type Movement, MovementListQuery, MovementType } from '@cm/contract';
import { ActionIcon, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CodeText,
  DateTimeText,
  ExportMenu,
  FilterSelect,
  ListTable,
  type ListTableState,
  pathOptions,
  useListSearch,
} from '../../components/data-table';
import { DateField } from '../../components/forms/date-field';
import { locationsQuery } from '../../components/locations/api';
import { movementListQuery, movementUsersQuery } from '../../components/movements/api';
import { ComponentPicker } from '../../components/movements/component-picker';
import { MovementReference, MovementTypeCell, movementSign } from '../../components/movements/display';
import { mayReverse } from '../../components/movements/permissions';
import { useReversalModal } from '../../components/movements/reversal-modal';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';

export { prefetchTransactionsScreen as prefetch } from './api';

/** The ledger of the current department: every movement, newest first, with filters kept in the URL. */
export default function TransactionsPage() {
  const { t } = useTranslation('transactions');
  const title = t('common:nav.transactions');
  usePageTitle(title);
  const format = useFormatters();
  const [search, update] = useListSearch(MovementListQuery);
  const query = useQuery({ ...movementListQuery(search), placeholderData: keepPreviousData });
  const { data: user } = useQuery(currentUserQuery);
  const reversible = mayReverse(user?.role);
  const reversal = useReversalModal();
  const locations = useQuery(locationsQuery);
  const users = useQuery(movementUsersQuery);

  const locationOptions = useMemo(() => pathOptions(locations.data?.items ?? []), [locations.data]);
  const userOptions = useMemo(
    () => (users.data?.items ?? []).map((person) => ({ value: person.id, label: person.name })),
    [users.data],
  );
  const typeOptions = MovementType.options.map((type) => ({ value: type, label: t(`domain:movementTypes.${type}`) }));

  const filtered = Boolean(
    search.from || search.to || search.type || search.componentId || search.locationId || search.userId,
  );
  const badRange = Boolean(search.from && search.to && search.from > search.to);

  const columns = useMemo<DataTableColumn<Movement>[]>(
    () => [
      {
        accessor: 'number',
        noWrap: true,
        title: t('columns.number'),
        render: (movement) => (
          <Text size="sm" ff="monospace">
            {movement.number}
          </Text>
        ),
      },
      {
        accessor: 'createdAt',
        noWrap: true,
        title: t('columns.time'),
        sortable: true,
        render: (movement) => <DateTimeText iso={movement.createdAt} />,
      },
      {
        accessor: 'type',
        noWrap: true,
        title: t('columns.type'),
        render: (movement) => <MovementTypeCell movement={movement} />,
      },
      {
        accessor: 'sku',
        title: t('columns.component'),
        cellsStyle: () => ({ minWidth: 170 }),
        render: (movement) => (
          <Stack gap={0}>
            <Text size="sm" ff="monospace">
              <CodeText>{movement.sku}</CodeText>
            </Text>
            <Text size="xs" c="dimmed">
              {movement.componentName}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'quantity',
        noWrap: true,
        title: t('columns.quantity'),
        textAlign: 'right',
        render: (movement) => (
          <Text
            size="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
            td={movement.reversedById ? 'line-through' : undefined}
          >
            {movementSign(movement)}
            {format.quantity(movement.quantity, movement.unit)}
          </Text>
        ),
      },
      {
        accessor: 'places',
        title: t('columns.places'),
        cellsStyle: () => ({ minWidth: 200 }),
        render: (movement) => (
          <Stack gap={2}>
            {movement.from ? (
              <Group gap={4} wrap="nowrap">
                <IconArrowUpRight size={14} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
                <VisuallyHidden>{t('from')}</VisuallyHidden>
                <Text size="sm">{movement.from.path}</Text>
              </Group>
            ) : null}
            {movement.to ? (
              <Group gap={4} wrap="nowrap">
                <IconArrowDownRight size={14} color="var(--mantine-color-green-6)" style={{ flexShrink: 0 }} />
                <VisuallyHidden>{t('to')}</VisuallyHidden>
                <Text size="sm">{movement.to.path}</Text>
              </Group>
            ) : null}
          </Stack>
        ),
      },
      // Unit cost and note are read when a movement is looked into, not when the ledger is scanned: hidden
      // until chosen, so that the ledger scrolls sideways less (at 1280 px beside the sidebar it still does).
      {
        accessor: 'unitCostMinor',
        noWrap: true,
        defaultToggle: false,
        title: t('columns.unitCost'),
        textAlign: 'right',
        render: (movement) =>
          movement.unitCostMinor === null ? (
            <Text c="dimmed">—</Text>
          ) : (
            <span style={{ whiteSpace: 'nowrap' }}>{format.money(movement.unitCostMinor)}</span>
          ),
      },
      // A document number reads as one word: "WO-2026-" over "0423" is two.
      {
        accessor: 'reference',
        noWrap: true,
        title: t('columns.reference'),
        render: (movement) => <MovementReference movement={movement} />,
      },
      {
        accessor: 'note',
        defaultToggle: false,
        title: t('columns.note'),
        render: (movement) => (
          <Text size="sm" lineClamp={2} title={movement.note} maw={260}>
            {movement.note}
          </Text>
        ),
      },
      { accessor: 'user.name', title: t('columns.user') },
      ...(reversible
        ? [
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('tables:actions')}</VisuallyHidden>,
              toggleable: false,
              textAlign: 'right' as const,
              width: 56,
              render: (movement: Movement) =>
                movement.type !== 'reversal' && !movement.reversedById ? (
                  <Tooltip label={t('reverse')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('reverseNumber', { number: movement.number })}
                      onClick={() => reversal.open(movement)}
                    >
                      <IconArrowBackUp size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : null,
            },
          ]
        : []),
    ],
    [t, format, reversible, reversal.open],
  );

  // The ledger is sorted by time only; the table's sort state maps onto the `order` parameter.
  const tableState: ListTableState<'createdAt'> = {
    page: search.page,
    pageSize: search.pageSize,
    sort: 'createdAt',
    order: search.order,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <ExportMenu path="/movements/export" filters={search} />
      </Group>
      <ListTable<Movement, 'createdAt'>
        ariaLabel={title}
        storeColumnsKey="transactions-columns"
        pinLastColumn={reversible}
        columns={columns}
        query={query}
        state={tableState}
        onStateChange={({ sort: _sort, ...patch }) => update(patch)}
        emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
        toolbar={
          <>
            <DateField
              label={t('filters.from')}
              value={search.from}
              onChange={(from) => update({ from })}
              w={{ base: '100%', xs: 160 }}
            />
            <DateField
              label={t('filters.to')}
              value={search.to}
              onChange={(to) => update({ to })}
              error={badRange ? t('filters.badRange') : undefined}
              w={{ base: '100%', xs: 160 }}
            />
            <FilterSelect<MovementType>
              label={t('filters.type')}
              anyLabel={t('filters.anyType')}
              options={typeOptions}
              value={search.type}
              onChange={(type) => update({ type })}
              searchable={false}
              width={160}
            />
            <ComponentPicker
              label={t('filters.component')}
              placeholder={t('filters.anyComponent')}
              value={search.componentId ?? null}
              onChange={(componentId) => update({ componentId: componentId ?? undefined })}
              clearable
              w={{ base: '100%', xs: 240 }}
            />
            <FilterSelect
              label={t('filters.location')}
              anyLabel={t('filters.anyLocation')}
              options={locationOptions}
              value={search.locationId}
              onChange={(locationId) => update({ locationId })}
              width={200}
            />
            <FilterSelect
              label={t('filters.user')}
              anyLabel={t('filters.anyUser')}
              options={userOptions}
              value={search.userId}
              onChange={(userId) => update({ userId })}
              width={180}
            />
          </>
        }
      />
      {format.timeZoneNote ? (
        <Text size="xs" c="dimmed">
          {format.timeZoneNote}
        </Text>
      ) : null}
      {reversal.modal}
    </Stack>
  );
}
