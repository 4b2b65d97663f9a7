import { type Period, type PeriodSearch, rangeProblem, shownPeriod } from '../../components/sales-period/period';

/**
 * The days to ask the server for: none for the current month, which the server takes by default on its own clock
 * (so that the first page can be read before the organisation's time zone is known); null when a custom range is
 * unfinished or would be refused.
 */
export function requestedDays(search: PeriodSearch, today: string): Partial<Period> | null {
  if (search.period === 'month' && !search.from) return {};
  const { period } = shownPeriod(search, today);
  return period && !rangeProblem(period) ? period : null;
}
