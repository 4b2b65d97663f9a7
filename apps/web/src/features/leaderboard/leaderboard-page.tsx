import type { Leaderboard, LeaderboardRankBy } from '@cm/contract';
import { Alert, Badge, Box, Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceTv, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu, useListSearch } from '../../components/data-table';
import { SegmentedChoice } from '../../components/forms/segmented-choice';
import { LoadFailed } from '../../components/load-failed';
import { NoManagers } from '../../components/sales-managers/manager-picker';
import { shownPeriod, todayIn } from '../../components/sales-period/period';
import { PeriodControls, RangeIncomplete } from '../../components/sales-period/period-controls';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { ScreenSkeleton } from '../../components/screen-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { currentUserQuery } from '../../lib/current-user';
import { errorMessage } from '../../lib/error-message';
import { monthName, useFormatters } from '../../lib/format';
import { LeaderboardSearch, leaderboardQuery, leaderboardRequest } from './api';
import classes from './leaderboard.module.css';
import { LeaderboardTable } from './leaderboard-table';
import { LiveIndicator } from './live-indicator';
import { useLiveResults } from './live-results';
import { OwnPlace } from './own-place';
import { firstDirection, type LeaderboardSort, RANKINGS, type SortDirection, sharedRanks, sortRows } from './ranking';

export { prefetchLeaderboardScreen as prefetch } from './api';

/** The TV board's screen (app/screens.ts FULL_SCREENS): routes built from that table are typed only as strings. */
const TV_BOARD_PATH: string = '/leaderboard/tv';

/**
 * The leaderboard (PRODUCT.md §5): the current department's managers over a month, week, quarter or custom range,
 * ranked by revenue or by fact/plan, with the change against the period before; the view is kept in the address.
 */
export default function LeaderboardPage() {
  const { t, i18n } = useTranslation(['leaderboard', 'common']);
  const language = i18n.language;
  const title = t('common:nav.leaderboard');
  usePageTitle(title);
  const words = usePeriodWords();
  const [search, update] = useListSearch(LeaderboardSearch);
  const appInfo = useQuery(appInfoQuery);
  // Without the organisation's settings (they could not be read), this browser's clock is the best guess.
  const timeZone = appInfo.data?.timeZone ?? (appInfo.isError ? browserTimeZone() : undefined);
  const { data: user } = useQuery(currentUserQuery);
  // Which period is current is the organisation's clock's to say; nothing is asked before it is known.
  const today = timeZone ? todayIn(timeZone) : null;
  const shown = today ? shownPeriod(search, today) : null;
  const request = today ? leaderboardRequest(search, today) : null;
  const board = useQuery({ ...leaderboardQuery(request), placeholderData: keepPreviousData });
  // A won lead shows here as on the TV board, without a reload.
  const live = useLiveResults();
  const data = request ? board.data : undefined;

  const invalidPeriod = board.error instanceof ApiError && board.error.code === 'PERIOD_INVALID';
  const sort: LeaderboardSort = search.sort ?? 'rank';
  const direction: SortDirection = search.order ?? firstDirection(sort);
  const rows = useMemo(() => {
    const compare = new Intl.Collator(language).compare;
    return data ? sortRows(data.rows, sort, direction, compare) : [];
  }, [data, sort, direction, language]);
  const shared = useMemo(() => sharedRanks(data?.rows ?? []), [data]);
  const periodTitle = shown?.period ? words.period(shown.period) : null;
  // Awards are of a month, provisional until it is closed.
  const provisional = !data?.closedMonths.some((closed) => closed.month === data.from.slice(0, 7));

  let content: ReactNode;
  if (!shown || !today) {
    content = <BoardSkeleton />;
  } else if (!request) {
    content = <RangeIncomplete />;
  } else if (invalidPeriod) {
    // Shown under the range's last day; said here once to screen readers, as it arrives after the typing.
    content = <VisuallyHidden role="alert">{errorMessage(t, board.error)}</VisuallyHidden>;
  } else if (board.isError && !board.isPlaceholderData) {
    content = <LoadFailed title={t('loadFailed')} error={board.error} onRetry={() => void board.refetch()} />;
  } else if (!data) {
    content = <BoardSkeleton />;
  } else if (data.rows.length === 0) {
    content = <NoManagers department={user?.currentDepartment?.name ?? ''} />;
  } else {
    const own = data.rows.find((row) => row.userId === user?.id);
    content = (
      <Stack gap="sm">
        {own ? <OwnPlace row={own} total={data.rows.length} shared={shared.has(own.rank)} /> : null}
        {/* While another period's board is read, the one shown stays, faded, so the page does not jump. */}
        <Box aria-busy={board.isPlaceholderData} style={{ opacity: board.isPlaceholderData ? 0.55 : 1 }}>
          <LeaderboardTable
            label={t('table', { period: periodTitle ?? '' })}
            rows={rows}
            allRows={data.rows}
            viewerId={user?.id}
            provisionalAwards={provisional}
            sort={sort}
            direction={direction}
            onSort={(column, order) =>
              update(
                column === 'rank' && order === 'asc' ? { sort: undefined, order: undefined } : { sort: column, order },
              )
            }
          />
        </Box>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Group gap="sm">
          <LiveIndicator state={live} className={classes.live} />
          {/* Its own tab, with a session of its own (sign-in there): a wall screen's board outlives this tab. */}
          <Button
            component="a"
            href={TV_BOARD_PATH}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconDeviceTv size={18} aria-hidden />}
          >
            {t('tv.open')}
            <VisuallyHidden>{` (${t('tv.opensInNewTab')})`}</VisuallyHidden>
          </Button>
          {request && !invalidPeriod && data?.rows.length !== 0 ? (
            <ExportMenu path="/sales/leaderboard/export" filters={request} />
          ) : null}
        </Group>
      </Group>
      {shown && today ? (
        <PeriodControls
          shown={shown}
          today={today}
          rangeError={invalidPeriod ? errorMessage(t, board.error) : undefined}
          onChange={update}
        >
          <SegmentedChoice<LeaderboardRankBy>
            label={t('rankBy.label')}
            value={search.rankBy}
            options={RANKINGS.map((option) => ({ value: option, label: t(`rankBy.${option}`) }))}
            onChange={(rankBy) => update({ rankBy })}
          />
        </PeriodControls>
      ) : null}
      {shown && data && data.rows.length > 0 && !board.isPlaceholderData ? (
        <PeriodNotes current={shown.current} board={data} today={today} />
      ) : null}
      {content}
    </Stack>
  );
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** What the figures are: so far in a current period, compared with which period, frozen for closed months. */
function PeriodNotes({ current, board, today }: { current: boolean; board: Leaderboard; today: string | null }) {
  const { t, i18n } = useTranslation('leaderboard');
  const words = usePeriodWords();
  const format = useFormatters();
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {current && today ? (
          <>
            <Badge variant="dot" color="teal" tt="none">
              {t('soFar')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('soFarNote', { today: words.day(today), end: words.day(board.to) })}
            </Text>
          </>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('compared', { period: words.period(board.previous) })}
        </Text>
      </Group>
      {board.closedMonths.length > 0 ? (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} py="xs" role="note">
          {board.closedMonths.map((closed) => (
            <Text key={closed.month} size="sm">
              {t('closed', { month: monthName(closed.month, i18n.language), date: format.date(closed.closedAt) })}
            </Text>
          ))}
          <Text size="sm">{t('closedNote')}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The board's shape while it is read: the place bar and some rows. */
function BoardSkeleton() {
  return (
    <ScreenSkeleton gap="sm">
      <Skeleton height={44} radius="md" />
      <Skeleton height={320} radius="md" />
    </ScreenSkeleton>
  );
}
