import type { LeaderboardRankBy } from '@cm/contract';
import { Alert, Box, Button, EmptyState, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { useFullscreenDocument, useHotkeys, useReducedMotion } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconMaximize,
  IconMinimize,
  IconPlayerPause,
  IconPlayerPlay,
  IconUsers,
} from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthOf, todayIn } from '../../components/sales-period/period';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { ScreenSkeleton } from '../../components/screen-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { appInfoQuery } from '../../lib/app-info';
import { currentUserQuery } from '../../lib/current-user';
import { errorMessage } from '../../lib/error-message';
import { useFormatters } from '../../lib/format';
import { leaderboardQuery } from './api';
import { LiveIndicator } from './live-indicator';
import { useLiveResults } from './live-results';
import { RANKINGS } from './ranking';
import { type SyncWarning, syncWarning } from './sync-freshness';
import classes from './tv-board.module.css';
import { TvBoardTable } from './tv-board-table';
import { FIRST_ROTATION, ROTATION_MS, type Rotation, type RotationStep, rotate } from './tv-rotation';

/**
 * The board is read again this often even when no change is heard: "data as of" and the sync banner stay true on a
 * board nobody touches, and a change missed by a stream that died silently is at most this late.
 */
const READ_AGAIN_MS = 60_000;
/** After a failed read, the board tries again by itself this often: a TV on a wall has no one to press Retry. */
const RETRY_MS = 15_000;
/** When a board is read again by itself: soon after a failed read, else in a minute. */
const readAgainIn = ({ state }: { state: { status: string } }) => (state.status === 'error' ? RETRY_MS : READ_AGAIN_MS);

/** How often the screen looks at the clock: a new month, and a sync that is now late, show within this. */
const CLOCK_MS = 30_000;

/** Keys that act on the focused control itself; the board's own keys are left to them there. */
const CONTROLS = ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'];

/** The time now, again every `everyMs`. */
function useClock(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The TV board (PRODUCT.md §5, issue #25): the current department's managers this month, in type to read across a
 * room, taking turns between the ranking by revenue and by fact/plan, read again as soon as a change is heard, with
 * how fresh the figures are and a warning when the amoCRM sync fell behind or failed. For a wall screen: the whole
 * window, no menu, and nothing that needs a person (a failed read is tried again by itself).
 */
export default function TvBoardPage() {
  const { t } = useTranslation(['leaderboard', 'common']);
  usePageTitle(t('common:nav.leaderboardTv'));
  const words = usePeriodWords();
  const format = useFormatters();
  const live = useLiveResults();
  const now = useClock(CLOCK_MS);
  const appInfo = useQuery(appInfoQuery);
  // Without the organisation's settings (they could not be read), this browser's clock is the best guess.
  const timeZone = appInfo.data?.timeZone ?? (appInfo.isError ? browserTimeZone() : undefined);
  const { data: user } = useQuery(currentUserQuery);
  const month = timeZone ? monthOf(todayIn(timeZone, new Date(now))) : null;

  const [rotation, step] = useReducer(rotate, FIRST_ROTATION);
  useEffect(() => {
    if (rotation.paused) return;
    const timer = setTimeout(() => step({ type: 'turn' }), ROTATION_MS);
    return () => clearTimeout(timer);
  }, [rotation]);
  useHotkeys(
    [
      ['space', () => step({ type: 'toggle pause' })],
      ['ArrowRight', () => step({ type: 'step', by: 1 })],
      ['ArrowLeft', () => step({ type: 'step', by: -1 })],
    ],
    CONTROLS,
  );

  // Both rankings are kept current, so that each turn shows its board at once.
  const boards = useQueries({
    queries: RANKINGS.map((rankBy) => ({
      ...leaderboardQuery(month ? { ...month, rankBy } : null),
      placeholderData: keepPreviousData,
      refetchInterval: readAgainIn,
      refetchIntervalInBackground: true,
    })),
  });
  const board = boards[RANKINGS.indexOf(rotation.shown)];
  const data = board?.data;
  const department = user?.currentDepartment?.name ?? '';
  const warning = data ? syncWarning(data.sync, now) : null;
  // Awards are of a month, provisional until it is closed.
  const provisional = !data?.closedMonths.some((closed) => closed.month === data.from.slice(0, 7));
  const readAt = board?.dataUpdatedAt ? new Date(board.dataUpdatedAt).toISOString() : null;
  const when = (iso: string) =>
    format.sameDay(iso, new Date(now).toISOString()) ? format.time(iso) : format.dateTime(iso);

  let content: ReactNode;
  if (!board || !month || board.isPending) {
    content = <BoardSkeleton />;
  } else if (!data) {
    content = (
      <BoardUnavailable error={board.error} onRetry={() => void Promise.all(boards.map((each) => each.refetch()))} />
    );
  } else if (data.rows.length === 0) {
    content = (
      <EmptyState
        size="xl"
        icon={<IconUsers size={40} />}
        withIndicatorBackground
        title={t('sales-managers:none.title', { department })}
        description={t('tv.noManagers')}
        py="xl"
      />
    );
  } else {
    content = (
      // A new ranking fades in rather than jumping into place (not when the reader asks for less motion).
      <Box key={rotation.shown} className={classes.turn} style={{ '--tv-rows': data.rows.length }}>
        <TvBoardTable
          label={t('tv.table', { ranking: t(`rankBy.${rotation.shown}`) })}
          rows={data.rows}
          rankedBy={rotation.shown}
          provisionalAwards={provisional}
        />
      </Box>
    );
  }

  return (
    <Box className={classes.screen}>
      <Group component="header" className={classes.header} justify="space-between" align="flex-end">
        <div>
          <Title order={1} className={classes.department}>
            {department}
          </Title>
          <Text className={classes.period}>{month ? t('tv.heading', { period: words.period(month) }) : null}</Text>
        </div>
        <div className={classes.freshness}>
          {readAt ? <Text className={classes.asOf}>{t('tv.asOf', { time: when(readAt) })}</Text> : null}
          {/* When amoCRM was last read completely: in the warning when there is one, else here. */}
          {data?.sync.lastSucceededAt && !warning ? (
            <Text className={classes.syncedAt}>{t('tv.syncedAt', { time: when(data.sync.lastSucceededAt) })}</Text>
          ) : null}
          <LiveIndicator state={live} className={classes.live} />
        </div>
      </Group>
      {warning ? <SyncBanner warning={warning} when={when} /> : null}
      <RotationControls rotation={rotation} step={step} />
      <Box component="main" className={classes.board}>
        {content}
      </Box>
    </Box>
  );
}

/** The warning that the figures may be out of date (sync-freshness.ts has the rule), with when amoCRM was last read. */
function SyncBanner({ warning, when }: { warning: SyncWarning; when: (iso: string) => string }) {
  const { t } = useTranslation('leaderboard');
  const reason =
    warning.kind === 'failed' ? t('tv.sync.failed') : t('tv.sync.late', { count: warning.intervalMinutes });
  const lastRead = warning.lastSucceededAt
    ? t('tv.sync.lastRead', { time: when(warning.lastSucceededAt) })
    : t('tv.sync.neverRead');
  return (
    <Alert
      classNames={{ message: classes.bannerText, icon: classes.bannerIcon }}
      color={warning.kind === 'failed' ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size="100%" />}
    >
      {reason} {lastRead}
    </Alert>
  );
}

/**
 * Which ranking is shown and that they take turns: the two to pick from, the time to the next turn filling a bar (not
 * when the reader asks for less motion), and pausing, by the button or Space (← and → switch too); full screen.
 */
function RotationControls({ rotation, step }: { rotation: Rotation; step: (step: RotationStep) => void }) {
  const { t } = useTranslation('leaderboard');
  const labelId = useId();
  const fullScreen = useFullscreenDocument();
  const reducedMotion = useReducedMotion();
  return (
    <Group justify="space-between" gap="md">
      <Group gap="md" wrap="wrap">
        <Text id={labelId} className={classes.rankedBy}>
          {t('rankBy.label')}
        </Text>
        <SegmentedControl
          classNames={{ label: classes.rankingLabel }}
          value={rotation.shown}
          onChange={(ranking) => step({ type: 'show', ranking: ranking as LeaderboardRankBy })}
          data={RANKINGS.map((ranking) => ({ value: ranking, label: t(`rankBy.${ranking}`) }))}
          aria-labelledby={labelId}
          transitionDuration={reducedMotion ? 0 : 250}
        />
        <Group gap="sm" wrap="nowrap">
          <span className={classes.countdown} aria-hidden>
            <span
              key={rotation.turn}
              className={classes.countdownFill}
              data-paused={rotation.paused || undefined}
              style={{ animationDuration: `${ROTATION_MS}ms` }}
            />
          </span>
          <Text className={classes.rotationNote}>
            {rotation.paused
              ? t('tv.rotation.paused')
              : t('tv.rotation.every', { seconds: Math.round(ROTATION_MS / 1000) })}
          </Text>
        </Group>
      </Group>
      <Group gap="sm">
        <Button
          variant="default"
          size="md"
          onClick={() => step({ type: 'toggle pause' })}
          leftSection={rotation.paused ? <IconPlayerPlay size={20} /> : <IconPlayerPause size={20} />}
          aria-keyshortcuts="Space"
        >
          {rotation.paused ? t('tv.rotation.resume') : t('tv.rotation.pause')}
        </Button>
        {document.fullscreenEnabled ? (
          <Button
            variant="default"
            size="md"
            onClick={() => void fullScreen.toggle()}
            leftSection={fullScreen.fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
          >
            {fullScreen.fullscreen ? t('tv.fullScreen.leave') : t('tv.fullScreen.enter')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

/** In place of the board when it could not be read: why, and that it is tried again by itself. */
function BoardUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['leaderboard', 'errors', 'common']);
  return (
    <EmptyState
      size="xl"
      icon={<IconAlertTriangle size={40} />}
      title={t('loadFailed')}
      description={`${errorMessage(t, error)} ${t('tv.retrying', { seconds: RETRY_MS / 1000 })}`}
      variant="light"
      color="red"
      py="xl"
      role="alert"
    >
      <EmptyState.Actions>
        <Button variant="default" size="lg" onClick={onRetry}>
          {t('common:errorPages.retry')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The board's shape while it is read. */
function BoardSkeleton() {
  return (
    <ScreenSkeleton gap="md">
      {['first', 'second', 'third', 'fourth', 'fifth', 'sixth'].map((row) => (
        <Skeleton key={row} height="3.2em" radius="md" />
      ))}
    </ScreenSkeleton>
  );
}
