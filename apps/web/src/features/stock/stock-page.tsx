import { StockListQuery, type StockRow } from '@cm/contract';
import { Badge, Button, Group, Menu, Paper, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesQuery, categoryOptions } from '../../components/categories/api';
import {
  CodeText,
  ExportMenu,
  FilterSelect,
  ListSearchInput,
  ListTable,
  pathOptions,
  RowMenu,
  useListSearch,
} from '../../components/data-table';
import { locationsQuery } from '../../components/locations/api';
import { LocationManager } from '../../components/locations/location-manager';
import { MOVEMENT_KIND_ICONS } from '../../components/movements/display';
import { useMovementModal } from '../../components/movements/movement-modal';
import { movementKindsFor } from '../../components/movements/permissions';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { stockListQuery } from './api';

export { prefetchStockScreen as prefetch } from './api';

const stockRowId = (row: StockRow) => `${row.componentId}:${row.locationId}`;

/** Stock on hand per component and location of the current department (PRODUCT.md §4). */
export default function StockPage() {
  const { t } = useTranslation('stock');
  const title = t('common:nav.stockOnHand');
  usePageTitle(title);
  const format = useFormatters();
  const navigate = useNavigate();
  const [search, update] = useListSearch(StockListQuery);
  const query = useQuery({ ...stockListQuery(search), placeholderData: keepPreviousData });
  const { data: user } = useQuery(currentUserQuery);
  const kinds = movementKindsFor(user?.role);
  const isAdministrator = user?.role === 'administrator';
  const movementModal = useMovementModal();
  const [locationsOpened, setLocationsOpened] = useState(false);
  const categories = useQuery(categoriesQuery);
  const locations = useQuery(locationsQuery);

  const categoryFilterOptions = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const locationOptions = useMemo(() => pathOptions(locations.data?.items ?? []), [locations.data]);

  const filtered = Boolean(search.q || search.categoryId || search.locationId || search.belowMinimum);

  const columns = useMemo<DataTableColumn<StockRow>[]>(
    () => [
      {
        accessor: 'sku',
        title: t('columns.sku'),
        sortable: true,
        render: (row) => (
          <Text size="sm" ff="monospace">
            <CodeText>{row.sku}</CodeText>
          </Text>
        ),
      },
      {
        accessor: 'name',
        title: t('columns.name'),
        sortable: true,
        render: (row) => (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{row.name}</Text>
            {row.belowMinimum ? (
              <Badge color="orange" variant="dot" size="sm" style={{ flexShrink: 0 }}>
                {t('lowStock')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        accessor: 'categoryPath',
        title: t('columns.category'),
        sortable: true,
        sortKey: 'category',
        render: (row) => row.categoryPath ?? <Text c="dimmed">—</Text>,
      },
      { accessor: 'locationPath', title: t('columns.location'), sortable: true, sortKey: 'location' },
      {
        accessor: 'quantity',
        title: t('columns.quantity'),
        sortable: true,
        textAlign: 'right',
        render: (row) => (
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} c={row.quantity === '0' ? 'dimmed' : undefined}>
            {format.quantity(row.quantity, row.unit)}
          </Text>
        ),
      },
      {
        accessor: 'minimumStock',
        title: t('columns.minimum'),
        textAlign: 'right',
        render: (row) => (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.minimumStock === '0' ? '—' : format.quantity(row.minimumStock, row.unit)}
          </Text>
        ),
      },
      {
        accessor: 'valueMinor',
        title: t('columns.value'),
        sortable: true,
        sortKey: 'value',
        textAlign: 'right',
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(row.valueMinor)}</span>,
      },
      ...(kinds.length > 0
        ? [
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('tables:actions')}</VisuallyHidden>,
              toggleable: false,
              textAlign: 'right' as const,
              width: 56,
              render: (row: StockRow) => (
                <RowMenu label={t('rowActions', { sku: row.sku, location: row.locationPath })}>
                  {kinds.map((kind) => (
                    <Menu.Item
                      key={kind}
                      leftSection={MOVEMENT_KIND_ICONS[kind]}
                      disabled={(kind === 'issue' || kind === 'transfer') && row.quantity === '0'}
                      onClick={() =>
                        movementModal.open(kind, { componentId: row.componentId, locationId: row.locationId })
                      }
                    >
                      {t(`rowAction.${kind}`)}
                    </Menu.Item>
                  ))}
                </RowMenu>
              ),
            },
          ]
        : []),
    ],
    [t, format, kinds, movementModal.open],
  );

  const rowLabel = useCallback((row: StockRow) => t('openComponent', { sku: row.sku, name: row.name }), [t]);
  const totals = query.data?.totals;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {kinds.map((kind) => (
            <Button
              key={kind}
              variant={kind === 'receipt' ? 'filled' : 'default'}
              leftSection={MOVEMENT_KIND_ICONS[kind]}
              onClick={() => movementModal.open(kind)}
            >
              {t(`action.${kind}`)}
            </Button>
          ))}
          {isAdministrator ? (
            <Button variant="default" leftSection={<IconMapPin size={16} />} onClick={() => setLocationsOpened(true)}>
              {t('locations')}
            </Button>
          ) : null}
          <ExportMenu path="/stock/export" filters={search} />
        </Group>
      </Group>

      <ListTable<StockRow, typeof search.sort>
        ariaLabel={title}
        storeColumnsKey="stock-columns"
        pinLastColumn={kinds.length > 0}
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        idAccessor={stockRowId}
        onRowClick={(row) => void navigate({ href: `/components/${row.componentId}` })}
        rowLabel={rowLabel}
        emptyMessage={filtered || search.includeEmpty ? t('emptyFiltered') : t('empty')}
        emptyAction={
          filtered ? (
            <Button
              variant="default"
              onClick={() =>
                update({
                  q: undefined,
                  categoryId: undefined,
                  locationId: undefined,
                  belowMinimum: undefined,
                  includeEmpty: undefined,
                })
              }
            >
              {t('clearFilters')}
            </Button>
          ) : kinds.includes('receipt') ? (
            <Button leftSection={MOVEMENT_KIND_ICONS.receipt} onClick={() => movementModal.open('receipt')}>
              {t('action.receipt')}
            </Button>
          ) : null
        }
        toolbar={
          <>
            <ListSearchInput
              value={search.q}
              onChange={(q) => update({ q })}
              placeholder={t('searchPlaceholder')}
              w={{ base: '100%', xs: 340 }}
            />
            <FilterSelect
              label={t('filters.category')}
              anyLabel={t('filters.anyCategory')}
              options={categoryFilterOptions}
              value={search.categoryId}
              onChange={(categoryId) => update({ categoryId })}
            />
            <FilterSelect
              label={t('filters.location')}
              anyLabel={t('filters.anyLocation')}
              options={locationOptions}
              value={search.locationId}
              onChange={(locationId) => update({ locationId })}
            />
            <Stack gap={6} pb={2}>
              <Switch
                label={t('filters.belowMinimum')}
                checked={search.belowMinimum ?? false}
                onChange={(event) => update({ belowMinimum: event.currentTarget.checked || undefined })}
              />
              <Switch
                label={t('filters.includeEmpty')}
                checked={search.includeEmpty ?? false}
                onChange={(event) => update({ includeEmpty: event.currentTarget.checked || undefined })}
              />
            </Stack>
          </>
        }
      />

      {totals && query.data ? (
        <Paper withBorder radius="md" px="md" py="sm">
          <Group gap="xl" justify="flex-end" wrap="wrap" aria-live="polite">
            <Text size="sm" c="dimmed">
              {t('totals.rows', { count: query.data.total, formatted: format.count(query.data.total) })}
            </Text>
            <Text size="sm">
              {t('totals.quantity')}{' '}
              {totals.quantities.length === 0 ? (
                <Text span fw={700}>
                  {format.quantity('0')}
                </Text>
              ) : (
                // One sum per unit: pieces and metres do not add up (ADR 0018).
                totals.quantities.map(({ unit, quantity }, index) => (
                  <Fragment key={unit}>
                    {index > 0 ? ' · ' : null}
                    <Text span fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {format.quantity(quantity, unit)}
                    </Text>
                  </Fragment>
                ))
              )}
            </Text>
            <Text size="sm">
              {t('totals.value')}{' '}
              <Text span fw={700}>
                {format.money(totals.valueMinor)}
              </Text>
            </Text>
          </Group>
        </Paper>
      ) : null}

      {movementModal.modal}
      {isAdministrator ? <LocationManager opened={locationsOpened} onClose={() => setLocationsOpened(false)} /> : null}
    </Stack>
  );
}
