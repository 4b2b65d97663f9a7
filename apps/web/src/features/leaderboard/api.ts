import { CalendarDate, Leaderboard, LeaderboardRankBy, SortOrder } from '@cm/contract';
import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_PAGE_FRESH_MS, parseListSearch, toQueryString } from '../../components/data-table';
import { PERIOD_KINDS, shownPeriod, todayIn } from '../../components/sales-period/period';
import { api } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { leaderboardKeys } from '../../lib/query-keys/leaderboard';
import { LEADERBOARD_SORTS } from './ranking';

/**
 * The board's view in the address, so that a link or a reload opens the same one: the kind of period and its first
 * day (none: the current one) or a custom range's two days, what it ranks by, and the column it is sorted by
 * (none: the ranks).
 */
export const LeaderboardSearch = z.object({
  period: z.enum(PERIOD_KINDS).default('month'),
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  rankBy: LeaderboardRankBy.default('revenue'),
  sort: z.enum(LEADERBOARD_SORTS).optional(),
  order: SortOrder.optional(),
});
export type LeaderboardSearch = z.output<typeof LeaderboardSearch>;

export type LeaderboardRequest = { from: string; to: string; rankBy: LeaderboardRankBy };

/**
 * The current department's managers over a period, ranked, with the period they are compared with; null asks
 * nothing (a custom range without both days).
 */
export const leaderboardQuery = (request: LeaderboardRequest | null) =>
  queryOptions({
    queryKey: leaderboardKeys.board(request),
    queryFn: request
      ? ({ signal }) => api(`/sales/leaderboard?${toQueryString(request)}`, Leaderboard, { signal })
      : skipToken,
    staleTime: LIST_PAGE_FRESH_MS,
  });

/**
 * What the board asks the server for: the whole period shown, also when it is the current one (its days to come have
 * no results yet, and its plan stays the whole plan); null while a custom range lacks a day.
 */
export function leaderboardRequest(search: LeaderboardSearch, today: string): LeaderboardRequest | null {
  const { period } = shownPeriod(search, today);
  return period ? { ...period, rankBy: search.rankBy } : null;
}

/** Starts reading the board the screen opens with, from the address's query (as the router parses it). */
export async function prefetchLeaderboardScreen(queryClient: QueryClient, search: Record<string, unknown>) {
  // Which month is "this month" is the organisation's clock's to say; without it the screen asks once it can.
  const info = await queryClient.ensureQueryData(appInfoQuery).catch(() => null);
  if (!info) return;
  const request = leaderboardRequest(parseListSearch(LeaderboardSearch, search), todayIn(info.timeZone));
  if (request) await queryClient.prefetchQuery(leaderboardQuery(request));
}
