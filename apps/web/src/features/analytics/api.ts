import { Analytics, CalendarDate, Pagination, SortOrder, WonLeadList, WonLeadSort } from '@cm/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_PAGE_FRESH_MS, parseListSearch, toQueryString } from '../../components/data-table';
import { PERIOD_KINDS, todayIn } from '../../components/sales-period/period';
import { api } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { type AnalyticsRequest, analyticsKeys, type WonLeadsRequest } from '../../lib/query-keys/analytics';
import { requestedDays } from './period';

/**
 * The screen's state in the URL: whose analytics (administrators), the period, and the successful leads' sorting
 * and page, so that a link or a reload opens the same view.
 */
export const AnalyticsSearch = z.object({
  managerId: z.uuid().optional(),
  period: z.enum(PERIOD_KINDS).default('month'),
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  sort: WonLeadSort.default('closedAt'),
  order: SortOrder.default('desc'),
  ...Pagination.shape,
});
export type AnalyticsSearch = z.output<typeof AnalyticsSearch>;

/** What to ask the server for the address's state on the day `today`; null when the custom range is not usable. */
export function analyticsRequest(search: AnalyticsSearch, today: string): AnalyticsRequest | null {
  const days = requestedDays(search, today);
  return days ? { managerId: search.managerId, ...days } : null;
}

/** The successful leads' page of a request, as the address sorts and pages it. */
export function wonLeadsRequest(request: AnalyticsRequest, search: AnalyticsSearch): WonLeadsRequest {
  const { sort, order, page, pageSize } = search;
  return { ...request, sort, order, page, pageSize };
}

/** A manager's figures over a period, the period before, the trend, the lost leads and the pipelines. */
export const analyticsQuery = (request: AnalyticsRequest) =>
  queryOptions({
    queryKey: analyticsKeys.summary(request),
    queryFn: ({ signal }) => {
      const query = toQueryString(request);
      return api(`/sales/analytics${query ? `?${query}` : ''}`, Analytics, { signal });
    },
    // Read at start beside the screen's code (main.tsx): not read again when the screen mounts a moment later.
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** A page of the manager's successful leads of the period. */
export const wonLeadsQuery = (request: WonLeadsRequest) =>
  queryOptions({
    queryKey: analyticsKeys.wonLeads(request),
    queryFn: ({ signal }) => api(`/sales/analytics/won-leads?${toQueryString(request)}`, WonLeadList, { signal }),
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** Starts reading what the screen opens with, from the address's query (as the router parses it). */
export async function prefetchAnalyticsScreen(queryClient: QueryClient, raw: Record<string, unknown>): Promise<void> {
  const search = parseListSearch(AnalyticsSearch, raw);
  // The current month needs no clock: the server takes it by default. Another period is counted from today on the
  // organisation's clock.
  const today =
    search.period === 'month' && !search.from
      ? ''
      : todayIn((await queryClient.ensureQueryData(appInfoQuery)).timeZone);
  const request = analyticsRequest(search, today);
  if (!request) return;
  await Promise.all([
    queryClient.prefetchQuery(analyticsQuery(request)),
    queryClient.prefetchQuery(wonLeadsQuery(wonLeadsRequest(request, search))),
  ]);
}
