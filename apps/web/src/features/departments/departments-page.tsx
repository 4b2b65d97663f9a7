import { type AdministeredDepartment, DepartmentListQuery, type DepartmentStatus } from '@cm/contract';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconBuilding, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSearch, WholeTable, type WholeTableColumn } from '../../components/data-table';
import { LoadFailed } from '../../components/load-failed';
import { ScreenSkeleton } from '../../components/screen-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { useFormatters } from '../../lib/format';
import { departmentListQuery } from './api';
import { archiveBlockers, useArchiveConfirmation } from './archive-confirmation';
import { useNamingModal } from './naming-modal';

export { prefetchDepartmentsScreen as prefetch } from './api';

type Shown = DepartmentStatus | 'all';
const SHOWN: readonly Shown[] = ['all', 'active', 'archived'];
/** A badge keeps its whole word in a narrow cell: its label would otherwise shrink to an ellipsis. */
const BADGE_STYLE = { flexShrink: 0, minWidth: 'max-content' } as const;

/** `/departments`: the departments administration (issue #26), administrators only. */
export default function DepartmentsPage() {
  const { t } = useTranslation(['departments', 'common']);
  const title = t('common:nav.departments');
  usePageTitle(title);
  const format = useFormatters();
  const [search, update] = useListSearch(DepartmentListQuery);
  const query = useQuery(departmentListQuery(search));
  const rows = query.data?.items ?? [];
  const naming = useNamingModal();
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const archiving = useArchiveConfirmation(rows, reload);

  const columns = useMemo<WholeTableColumn<AdministeredDepartment>[]>(
    () => [
      {
        key: 'name',
        title: t('fields.name'),
        pinned: true,
        render: (department) => (
          <Text size="sm" fw={500} c={department.status === 'archived' ? 'dimmed' : undefined}>
            {department.name}
          </Text>
        ),
      },
      {
        key: 'members',
        title: t('fields.members'),
        align: 'right',
        render: (department) => format.count(department.members),
      },
      {
        key: 'stock',
        title: t('fields.stock'),
        render: (department) =>
          department.holdsStock ? (
            <Badge variant="dot" color="blue" style={BADGE_STYLE}>
              {t('list.holdsStock')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('list.noStock')}
            </Text>
          ),
      },
      {
        key: 'status',
        title: t('fields.status'),
        render: (department) => (
          <Stack gap={2} align="flex-start">
            <Badge color={department.status === 'active' ? 'green' : 'gray'} variant="dot" style={BADGE_STYLE}>
              {t(`status.${department.status}`)}
            </Badge>
            {department.archivedAt ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('list.archivedOn', { date: format.date(department.archivedAt) })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'createdAt',
        title: t('fields.createdAt'),
        render: (department) => <span style={{ whiteSpace: 'nowrap' }}>{format.date(department.createdAt)}</span>,
      },

      {
        key: 'actions',
        title: t('fields.actions'),
        align: 'right',
        render: (department) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('actions.rename')} withinPortal>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.renameDepartment', { name: department.name })}
                onClick={() => naming.open(department)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {department.status === 'active' ? (
              <Tooltip label={t('actions.archive')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color={archiveBlockers(department).length > 0 ? 'gray' : 'red'}
                  aria-label={t('actions.archiveDepartment', { name: department.name })}
                  onClick={() => archiving.open(department)}
                >
                  <IconArchive size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t('actions.restore')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="green"
                  aria-label={t('actions.restoreDepartment', { name: department.name })}
                  onClick={() => archiving.open(department)}
                >
                  <IconRestore size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
      },
    ],
    [t, format, naming.open, archiving.open],
  );

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => naming.open(null)}>
      {t('list.new')}
    </Button>
  );
  const shown: Shown = search.status ?? 'all';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {newButton}
      </Group>
      <SegmentedControl
        aria-label={t('list.filter')}
        value={shown}
        onChange={(value) => update({ status: value === 'all' ? undefined : (value as DepartmentStatus) })}
        data={SHOWN.map((value) => ({ value, label: t(`list.${value}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isPending ? (
        <ScreenSkeleton gap="xs">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </ScreenSkeleton>
      ) : query.isError ? (
        <LoadFailed title={t('list.failed')} error={query.error} onRetry={reload} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconBuilding size={32} />} title={t(`list.empty.${shown}`)} py="xl">
          {shown === 'archived' ? null : <EmptyState.Actions>{newButton}</EmptyState.Actions>}
        </EmptyState>
      ) : (
        <WholeTable<AdministeredDepartment> label={title} columns={columns} rows={rows} maxHeight="70vh" />
      )}
      {naming.modal}
      {archiving.modal}
    </Stack>
  );
}
