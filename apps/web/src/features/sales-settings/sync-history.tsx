import { type SyncRun, SyncRunListQuery } from '@cm/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, useListSearch } from '../../components/data-table';
import { useFormatters } from '../../lib/format';
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
  // The end as a time of day when the run ended the day it started, else as a full date and time.
  const endTime = useCallback(
    (startedAt: string, finishedAt: string) =>
      format.sameDay(startedAt, finishedAt) ? format.time(finishedAt) : format.dateTime(finishedAt),
    [format],
  );

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
              {run.finishedAt
                ? t('history.until', {
                    time: endTime(run.startedAt, run.finishedAt),
                    duration: durationText(t, run.startedAt, run.finishedAt),
                  })
                : '—'}
            </Text>
          </Stack>
        ),
      },
      {
        accessor: 'trigger',
        title: t('history.trigger'),
        render: (run) =>
          run.trigger === 'scheduled' ? t('trigger.scheduled') : (run.startedBy?.name ?? t('trigger.manual')),
      },
      {
        accessor: 'status',
        title: t('history.status'),
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
            {(['leadsCreated', 'leadsUpdated'] as const).map((counter) => (
              <Text key={counter} size="xs" c="dimmed" style={NO_WRAP}>
                {t(`history.${counter}`, { count: run[counter], formatted: format.count(run[counter]) })}
              </Text>
            ))}
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
        // What went wrong or was left out: the error, and amoCRM users no user here has as AMO ID.
        accessor: 'error',
        title: t('history.problems'),
        cellsStyle: () => ({ minWidth: 200 }),
        render: (run) =>
          run.error || run.unmatchedAmoUserIds.length > 0 ? (
            <Stack gap={4}>
              {run.error ? (
                <Text
                  size="xs"
                  c={run.status === 'succeeded' ? undefined : 'var(--mantine-color-error)'}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {run.error}
                </Text>
              ) : null}
              {run.unmatchedAmoUserIds.length > 0 ? (
                <Text size="xs">
                  {t('history.unmatched', {
                    count: run.unmatchedAmoUserIds.length,
                    ids: run.unmatchedAmoUserIds.join(', '),
                  })}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text c="dimmed">—</Text>
          ),
      },
    ],
    [t, format, endTime],
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
