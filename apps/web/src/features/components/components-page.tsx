import { type Component, ComponentListQuery } from '@cm/contract';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentListQuery } from '../../components/catalogue/api';
import { categoriesQuery, categoryOptions } from '../../components/categories/api';
import { CategoryManager } from '../../components/categories/category-manager';
import {
  CodeText,
  ExportMenu,
  FilterSelect,
  ListSearchInput,
  ListTable,
  useListSearch,
} from '../../components/data-table';
import { ImportWizard } from '../../components/imports/import-wizard';
import { usePageTitle } from '../../components/use-page-title';
import { currentUserQuery } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { mayAdministerComponents, mayEditComponents } from './permissions';

export { prefetchComponentsScreen as prefetch } from './api';

const STATUSES = ['active', 'archived', 'all'] as const;

/** `/components`: the company-wide component catalogue (PRODUCT.md §4). */
export default function ComponentsPage() {
  const { t } = useTranslation(['components', 'tables', 'common']);
  const title = t('common:nav.components');
  usePageTitle(title);
  const format = useFormatters();
  const navigate = useNavigate();
  const [search, update] = useListSearch(ComponentListQuery);
  const query = useQuery(componentListQuery(search));
  const { data: user } = useQuery(currentUserQuery);
  const categories = useQuery(categoriesQuery);
  const categoryFilterOptions = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const [importOpen, setImportOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const mayEdit = mayEditComponents(user?.role);
  const mayAdminister = mayAdministerComponents(user?.role);
  const filtered = Boolean(search.q || search.categoryId || search.status !== 'active');

  const columns = useMemo<DataTableColumn<Component>[]>(
    () => [
      {
        accessor: 'sku',
        title: t('fields.sku'),
        sortable: true,
        toggleable: false,
        render: (row) => (
          // A real link for opening in a new tab; keyboard users open the row itself, so it is out of the tab order.
          <Anchor
            renderRoot={(props) => <Link to="/components/$componentId" params={{ componentId: row.id }} {...props} />}
            tabIndex={-1}
            size="sm"
            ff="monospace"
            onClick={(event) => event.stopPropagation()}
          >
            <CodeText>{row.sku}</CodeText>
          </Anchor>
        ),
      },
      {
        accessor: 'name',
        title: t('fields.name'),
        sortable: true,
        render: (row) => (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{row.name}</Text>
            {row.archived && (
              <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0 }}>
                {t('status.archived')}
              </Badge>
            )}
          </Group>
        ),
      },
      {
        accessor: 'categoryPath',
        title: t('fields.category'),
        sortable: true,
        sortKey: 'category',
        render: (row) => row.categoryPath ?? <Text c="dimmed">—</Text>,
      },
      {
        accessor: 'manufacturer',
        title: t('fields.manufacturer'),
        sortable: true,
        render: (row) => row.manufacturer || <Text c="dimmed">—</Text>,
      },
      {
        accessor: 'manufacturerPartNumber',
        title: t('fields.manufacturerPartNumber'),
        defaultToggle: false,
        render: (row) => row.manufacturerPartNumber || <Text c="dimmed">—</Text>,
      },
      {
        accessor: 'package',
        title: t('fields.package'),
        defaultToggle: false,
        render: (row) => row.package || <Text c="dimmed">—</Text>,
      },
      {
        accessor: 'minimumStock',
        title: t('fields.minimumStock'),
        textAlign: 'right',
        render: (row) => (
          <Text size="sm" c={row.minimumStock === '0' ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {row.minimumStock === '0' ? '—' : format.quantity(row.minimumStock, row.unit)}
          </Text>
        ),
      },
      {
        accessor: 'defaultUnitCostMinor',
        title: t('fields.defaultUnitCost'),
        textAlign: 'right',
        defaultToggle: false,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.money(row.defaultUnitCostMinor)}</span>,
      },
      {
        accessor: 'updatedAt',
        title: t('fields.updatedAt'),
        sortable: true,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.updatedAt)}</span>,
      },
    ],
    [t, format],
  );

  const rowLabel = useCallback((row: Component) => t('list.open', { sku: row.sku, name: row.name }), [t]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Group gap="xs">
          {mayEdit && (
            <Button component={Link} to="/components/new" leftSection={<IconPlus size={16} />}>
              {t('list.new')}
            </Button>
          )}
          {mayEdit && (
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImportOpen(true)}>
              {t('list.import')}
            </Button>
          )}
          {mayAdminister && (
            <Button variant="default" leftSection={<IconCategory size={16} />} onClick={() => setCategoriesOpen(true)}>
              {t('list.categories')}
            </Button>
          )}
          <ExportMenu path="/components/export" filters={search} />
        </Group>
      </Group>

      <ListTable<Component, typeof search.sort>
        ariaLabel={title}
        storeColumnsKey="components-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        onRowClick={(row) => void navigate({ to: '/components/$componentId', params: { componentId: row.id } })}
        rowLabel={rowLabel}
        emptyMessage={filtered ? t('list.emptyFiltered') : t('list.empty')}
        emptyAction={
          filtered ? (
            <Button variant="default" onClick={() => update({ q: undefined, categoryId: undefined, status: 'active' })}>
              {t('list.clearFilters')}
            </Button>
          ) : mayEdit ? (
            <Group gap="xs" justify="center">
              <Button component={Link} to="/components/new" leftSection={<IconPlus size={16} />}>
                {t('list.new')}
              </Button>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImportOpen(true)}>
                {t('list.import')}
              </Button>
            </Group>
          ) : null
        }
        toolbar={
          <>
            <ListSearchInput
              value={search.q}
              onChange={(q) => update({ q })}
              placeholder={t('list.searchPlaceholder')}
              w={{ base: '100%', xs: 340 }}
            />
            <FilterSelect
              label={t('fields.category')}
              anyLabel={t('list.anyCategory')}
              options={categoryFilterOptions}
              value={search.categoryId}
              onChange={(categoryId) => update({ categoryId })}
              width={240}
            />
            <Select
              label={t('fields.status')}
              data={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              value={search.status}
              onChange={(status) => update({ status: (status ?? 'active') as (typeof STATUSES)[number] })}
              allowDeselect={false}
              w={{ base: '100%', xs: 150 }}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        }
      />

      <ImportWizard opened={importOpen} onClose={() => setImportOpen(false)} />
      {mayAdminister && <CategoryManager opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />}
    </Stack>
  );
}
