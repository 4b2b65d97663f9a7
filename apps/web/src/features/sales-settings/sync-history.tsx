import { type SyncRun, SyncRunListQuery } from '@cm/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, useFormatters, useListSearch } from '../../components/data-table';
import { syncRunsQuery } from './api';
import { RunStatusBadge } from './run-status';
import { durationText } from './sync-panel';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Every sync, newest first, with its counters and what went wrong or was left out (server-paginated). */
export function SyncHistory() {
  const { t } = useTranslation(['sales-settings', 'tables']);
  const format = useFormatters();
  const [search, update] = useListSearch(SyncRunListQuery);
  const query = useQuery(syncRunsQuery(search.page, search.pageSize));

  const columns = useMemo<DataTableColumn<SyncRun>[]>(
    () => [
      {
        accessor: 'startedAt',
        title: t('history.started'),
        render: (run) => (
          <Stack gap={0}>
            <Text size="sm" style={NO_WRAP}>
              {format.dateTime(run.startedAt)}
            </Text>
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {run.finishedAt ? t('history.took', { duration: durationText(t, run.startedAt, run.finishedAt) }) : '—'}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'trigger',
        title: t('history.trigger'),
        render: (run) =>
          run.trigger === 'scheduled' ? t('trigger.scheduled') : (run.startedBy?.name ?? t('trigger.someone')),
      },
      {
        accessor: 'status',
        title: t('history.status'),
        width: 130,
        render: (run) => <RunStatusBadge status={run.status} />,
      },
      {
        accessor: 'leads',
        title: t('counters.leads'),
        textAlign: 'right',
        render: (run) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600}>
              {format.count(run.leads)}
            </Text>
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {t('history.createdUpdated', {
                created: format.count(run.leadsCreated),
                updated: format.count(run.leadsUpdated),
              })}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'contacts',
        title: t('history.activity'),
        render: (run) => (
          <Stack gap={0}>
            {(['contacts', 'notes', 'messages'] as const).map((counter) => (
              <Text key={counter} size="xs" style={NO_WRAP}>
                {t(`history.${counter}`, { count: run[counter], formatted: format.count(run[counter]) })}
              </Text>
            ))}
          </Stack>
        ),
      },
      {
        accessor: 'unmatchedAmoUserIds',
        title: t('history.unmatched'),
        width: 150,
        render: (run) =>
          run.unmatchedAmoUserIds.length > 0 ? (
            <Text size="xs">{run.unmatchedAmoUserIds.join(', ')}</Text>
          ) : (
            <Text c="dimmed">—</Text>
          ),
      },
      {
        accessor: 'error',
        title: t('history.error'),
        render: (run) =>
          run.error ? (
            <Text
              size="sm"
              c={run.status === 'succeeded' ? undefined : 'var(--mantine-color-error)'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {run.error}
            </Text>
          ) : (
            <Text c="dimmed">—</Text>
          ),
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('history.title')}
      </Title>
      <ListTable<SyncRun>
        ariaLabel={t('history.title')}
        storeColumnsKey="sales-sync-runs-columns"
        columns={columns}
        query={query}
        state={search}
        onStateChange={update}
        emptyMessage={t('history.empty')}
        maxHeight="max(320px, calc(100dvh - 420px))"
      />
    </Stack>
  );
}
