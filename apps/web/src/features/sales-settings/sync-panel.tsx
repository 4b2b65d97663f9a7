import type { SalesSettings, SyncRun } from '@cm/contract';
import { Alert, Anchor, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconInfoCircle, IconKeyOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { type Formatters, useFormatters } from '../../lib/format';
import { syncRunQuery, useStartSync, useSyncRunEnded } from './api';
import { RUN_STATUS_COLORS, RunStatusBadge, stoppedByAmoCrm } from './run-status';
import { Section } from './section';

/** "12 s", "3 min 5 s": how long a run took or has been running. */
export function durationText(t: TFunction, from: string, to: string | null): string {
  const seconds = Math.max(0, Math.round(((to ? Date.parse(to) : Date.now()) - Date.parse(from)) / 1000));
  if (seconds < 60) return t('sales-settings:duration.seconds', { count: seconds });
  return t('sales-settings:duration.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/** Who started a run: a person, or the schedule. */
function startedByText(t: TFunction, run: SyncRun): string {
  return run.trigger === 'scheduled'
    ? t('sales-settings:trigger.scheduled')
    : run.startedBy
      ? t('sales-settings:trigger.manualBy', { name: run.startedBy.name })
      : t('sales-settings:trigger.manual');
}

/**
 * Sync now and the live state of the latest sync (PRODUCT.md §5). The run is asked for every second while
 * it runs. amoCRM does not say in advance how much there is to read, so the bar shows that it works, not a
 * made-up percentage; the counters say how far it got.
 */
export function SyncPanel({ settings }: { settings: SalesSettings }) {
  const { t } = useTranslation(['sales-settings', 'errors']);
  const [startedId, setStartedId] = useState<string | null>(null);
  const lastRun = settings.lastRun;
  // The run started here; otherwise the latest one, which may be a scheduled run still going.
  const runId = startedId ?? lastRun?.id ?? null;
  const run = useQuery({
    ...syncRunQuery(runId ?? ''),
    enabled: runId !== null,
    initialData: lastRun !== null && lastRun.id === runId ? lastRun : undefined,
  });
  const connected = settings.subdomain !== null && settings.tokenSet;
  // The run whose end is still to be handled: one started here or read while running. A short run may end
  // before its first read, while the history read when it started still shows it running.
  const seenRunning = useRef<string | null>(null);

  const start = useStartSync();
  const syncRunEnded = useSyncRunEnded();

  // When a run ends: the history, the settings (last run, account id) and the stored pipelines are new.
  const status = run.data?.status;
  useEffect(() => {
    if (runId === null || status === undefined) return;
    if (status === 'running') {
      seenRunning.current = runId;
    } else if (seenRunning.current === runId) {
      seenRunning.current = null;
      syncRunEnded();
    }
  }, [runId, status, syncRunEnded]);

  const running = status === 'running' || (start.isSuccess && run.isPending);
  const schedule =
    settings.syncIntervalMinutes === 0
      ? t('sync.scheduleOff')
      : t('sync.scheduleEvery', { count: settings.syncIntervalMinutes });

  return (
    <Section
      title={t('sync.title')}
      description={schedule}
      actions={
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: ({ runId: id }) => {
                seenRunning.current = id;
                setStartedId(id);
              },
              // Someone else's sync (or the schedule's) is running: follow that one instead.
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'SYNC_ALREADY_RUNNING') setStartedId(null);
              },
            })
          }
          loading={start.isPending}
          disabled={!connected || running}
        >
          {t('sync.now')}
        </Button>
      }
    >
      {!connected ? (
        <Text size="sm" c="dimmed">
          {t('sync.connectFirst')}
        </Text>
      ) : null}
      {start.error ? (
        <Alert
          color={start.error instanceof ApiError && start.error.code === 'SYNC_ALREADY_RUNNING' ? 'blue' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
        >
          {errorMessage(t, start.error)}
        </Alert>
      ) : null}
      {run.data ? (
        <RunProgress run={run.data} />
      ) : running ? (
        <RunProgress run={null} />
      ) : run.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorMessage(t, run.error)}
        </Alert>
      ) : runId === null ? (
        <Text size="sm" c="dimmed">
          {t('sync.never')}
        </Text>
      ) : null}
      {settings.leadsFilter === 'ignored' ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('sync.filterIgnoredTitle')}>
          {t('sync.filterIgnored')}
        </Alert>
      ) : null}
    </Section>
  );
}

function Counter({ label, value, format }: { label: string; value: number; format: Formatters }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {format.count(value)}
      </Text>
    </div>
  );
}

/** One run: status, a bar, the counters and what went wrong. `null`: a run just asked for, not read yet. */
function RunProgress({ run }: { run: SyncRun | null }) {
  const { t } = useTranslation(['sales-settings', 'errors']);
  const format = useFormatters();
  const status = run?.status ?? 'running';
  const running = status === 'running';
  // Re-rendered every second while running anyway (the poll); the elapsed time follows.
  const when = run
    ? t(running ? 'sync.startedAt' : 'sync.finishedAt', {
        time: format.dateTime(run.finishedAt ?? run.startedAt),
        duration: durationText(t, run.startedAt, run.finishedAt),
      })
    : t('sync.starting');

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        {/* Only the status is announced: the elapsed time changes every second. */}
        <Group gap="xs" aria-live="polite">
          <RunStatusBadge status={status} />
          {run ? (
            <Text size="sm" c="dimmed">
              {startedByText(t, run)}
            </Text>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </Group>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={t('sync.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        // While running there is no honest percentage: the bar is indeterminate, the text says so.
        aria-valuenow={running ? undefined : 100}
        aria-valuetext={t(`sync.progressText.${status}`)}
      >
        <Progress.Section
          value={100}
          withAria={false}
          color={RUN_STATUS_COLORS[status]}
          striped={running}
          animated={running}
        />
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" verticalSpacing="xs">
        <Counter label={t('counters.pages')} value={run?.pages ?? 0} format={format} />
        <Counter label={t('counters.leads')} value={run?.leads ?? 0} format={format} />
        <Counter label={t('counters.leadsCreated')} value={run?.leadsCreated ?? 0} format={format} />
        <Counter label={t('counters.leadsUpdated')} value={run?.leadsUpdated ?? 0} format={format} />
        <Counter label={t('counters.contacts')} value={run?.contacts ?? 0} format={format} />
        <Counter label={t('counters.notes')} value={run?.notes ?? 0} format={format} />
        <Counter label={t('counters.messages')} value={run?.messages ?? 0} format={format} />
      </SimpleGrid>
      {run && stoppedByAmoCrm(run.status) ? (
        <Alert
          color="red"
          variant="light"
          icon={run.status === 'token_invalid' ? <IconKeyOff size={18} /> : <IconBan size={18} />}
          title={t(`sync.stoppedTitle.${run.status}`)}
        >
          <Text size="sm">{t(`sync.stopped.${run.status}`)}</Text>
          {run.error ? (
            <Text size="xs" c="dimmed" mt={4}>
              {run.error}
            </Text>
          ) : null}
        </Alert>
      ) : run?.status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('sync.failedTitle')}>
          {run.error ?? t('sync.failedNoReason')}
        </Alert>
      ) : run?.status === 'succeeded' && run.error ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('sync.leftOutTitle')}>
          {run.error}
        </Alert>
      ) : null}
      {run && run.unmatchedAmoUserIds.length > 0 ? (
        <Text size="sm">
          {t('sync.unmatched', { count: run.unmatchedAmoUserIds.length, ids: run.unmatchedAmoUserIds.join(', ') })}{' '}
          {/* The router is built from the table of screens, so it types no screen's search: the tab is this screen's. */}
          <Anchor
            component={Link}
            to="/settings"
            search={{ tab: 'amocrm-users' } as never}
            size="sm"
            underline="always"
          >
            {t('sync.matchUsers')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
