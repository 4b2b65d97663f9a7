import type { QueryClient } from '@tanstack/react-query';
import { analyticsKeys } from './analytics';
import { calculatorKeys } from './calculator';
import { leaderboardKeys } from './leaderboard';
import { salesMonthKeys } from './sales-months';

/**
 * After anything that changes the sales figures (leads from a sync or a file, plans, the time zone or the counted
 * pipelines, a manager's AMO ID, a month closed or reopened): every screen that shows them reads them again — the
 * leaderboard, analytics, the calculator and the months' pending differences.
 */
export function salesResultsChanged(queryClient: QueryClient): Promise<void> {
  const stale = [leaderboardKeys.all, analyticsKeys.all, calculatorKeys.all, salesMonthKeys.all];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
