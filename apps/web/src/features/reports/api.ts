import {
  AbcReport,
  ActivityByUserReport,
  ConsumptionReport,
  DeadStockReport,
  LowStockReport,
  MovementSummaryReport,
  type ReportFormat,
  type ReportName,
  StockValuationReport,
} from '@cm/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIST_PAGE_FRESH_MS, parseListSearch, toQueryString } from '../../components/data-table';
import { todayIn } from '../../components/sales-period/period';
import { api } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { reportKeys } from '../../lib/query-keys/reports';
import { type ReportParameters, ReportsSearch, resolveReport } from './search';

/** The contract's answer of each report. */
const REPORT_ANSWERS = {
  'stock-valuation': StockValuationReport,
  'movement-summary': MovementSummaryReport,
  'low-stock': LowStockReport,
  consumption: ConsumptionReport,
  'activity-by-user': ActivityByUserReport,
  'dead-stock': DeadStockReport,
  'abc-analysis': AbcReport,
} as const satisfies Record<ReportName, z.ZodType>;

export type ReportData<Name extends ReportName> = z.output<(typeof REPORT_ANSWERS)[Name]>;

/** What a report's page is asked with: its parameters and sorting, and the page. */
export type ReportPageQuery = ReportParameters & { page: number; pageSize: number };

/** One page of a report's rows with the totals and the chart of the whole report. */
export const reportQuery = <Name extends ReportName>(name: Name, query: ReportPageQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, name, query] as const,
    queryFn: ({ signal }) =>
      api(`/reports/${name}?${toQueryString(query)}`, REPORT_ANSWERS[name] as unknown as z.ZodType<ReportData<Name>>, {
        signal,
      }),
    staleTime: LIST_PAGE_FRESH_MS,
  });

/** Address of a report's file: the whole report (no paging) in a format, in a language. */
export function reportFilePath(
  name: ReportName,
  parameters: ReportParameters,
  format: ReportFormat,
  lang: 'en' | 'ru',
): string {
  const query = toQueryString(parameters);
  return `/reports/${name}/export?${query ? `${query}&` : ''}format=${format}&lang=${lang}`;
}

/** Starts reading the report the screen opens with, from the address's query (as the router parses it). */
export async function prefetchReportsScreen(queryClient: QueryClient, raw: Record<string, unknown>): Promise<void> {
  const search = parseListSearch(ReportsSearch, raw);
  const today = todayIn((await queryClient.ensureQueryData(appInfoQuery)).timeZone);
  const report = resolveReport(search, today);
  if (report.problems.length > 0) return;
  await queryClient.prefetchQuery(
    reportQuery(report.name, { ...report.parameters, page: search.page, pageSize: search.pageSize }),
  );
}
