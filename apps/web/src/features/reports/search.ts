import {
  AbcParameters,
  ActivityByUserParameters,
  CalendarDate,
  ComponentSearch,
  ConsumptionParameters,
  DeadStockParameters,
  LowStockParameters,
  MAX_REPORT_DAYS,
  MovementSummaryParameters,
  Pagination,
  periodDays,
  ReportName,
  SortOrder,
  StockValuationParameters,
  ValuationGrouping,
} from '@cm/contract';
import { z } from 'zod';
import { parseListSearch } from '../../components/data-table/use-list-search';
import { addDays } from '../../components/sales-period/period';

/** A period report opens on the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

/**
 * The screen's state in the URL: which report, its parameters and its table's sorting and page. One object for
 * every report, so that the period or the category chosen stays when another report is opened; what a report does
 * not take is not sent with it. A day left out is today (the valuation date, the period's end), and a period's start
 * left out is 30 days before its end: a link opened tomorrow shows tomorrow's last 30 days.
 */
export const ReportsSearch = z.object({
  report: ReportName.default('stock-valuation'),
  date: CalendarDate.optional(),
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  groupBy: ValuationGrouping.default('category'),
  q: ComponentSearch,
  categoryId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  days: DeadStockParameters.shape.days,
  a: AbcParameters.shape.a,
  b: AbcParameters.shape.b,
  // Each report sorts by its own columns: checked against the report's sorts when read (resolveReport).
  sort: z.string().max(40).optional(),
  order: SortOrder.optional(),
  ...Pagination.shape,
});
export type ReportsSearch = z.output<typeof ReportsSearch>;

/** The controls of a report's parameter bar, in their order. */
export type ReportParameter = 'date' | 'groupBy' | 'period' | 'days' | 'classes' | 'q' | 'categoryId' | 'locationId';

/** What each report takes (packages/contract/src/reports.ts), besides its sorting. */
export const REPORT_PARAMETERS: Record<ReportName, readonly ReportParameter[]> = {
  'stock-valuation': ['date', 'groupBy'],
  'movement-summary': ['period', 'q', 'categoryId', 'locationId'],
  'low-stock': ['q', 'categoryId'],
  consumption: ['period', 'q', 'categoryId'],
  'activity-by-user': ['period'],
  'dead-stock': ['days', 'categoryId'],
  'abc-analysis': ['period', 'classes'],
};

const PARAMETER_SCHEMAS = {
  'stock-valuation': StockValuationParameters,
  'movement-summary': MovementSummaryParameters,
  'low-stock': LowStockParameters,
  consumption: ConsumptionParameters,
  'activity-by-user': ActivityByUserParameters,
  'dead-stock': DeadStockParameters,
  'abc-analysis': AbcParameters,
} as const;

/** Why parameters cannot be sent: a period that ends before it begins or is too long, classes leaving C no share. */
export type ReportProblem = 'periodOrder' | 'periodLength' | 'classes';

/** A report's parameters as asked of the server: what the address says, with the defaults filled in. */
export type ReportParameters = Record<string, string | number | undefined>;

export type ResolvedReport = {
  name: ReportName;
  /** The parameters sent, sorting included, paging not. */
  parameters: ReportParameters;
  /** The days of the period (period reports only), defaults filled in, as the date fields show them. */
  period: { from: string; to: string } | null;
  /** The valuation day shown and sent (stock valuation only). */
  date: string | null;
  sort: string;
  order: 'asc' | 'desc';
  /** What is wrong with the parameters; the report is not asked for while there is anything. */
  problems: ReportProblem[];
};

/** The sorting a report takes from the address, or its default when the address holds another report's. */
function sortingOf(name: ReportName, search: ReportsSearch): { sort: string; order: 'asc' | 'desc' } {
  const schema = PARAMETER_SCHEMAS[name].shape;
  const sort = schema.sort.safeParse(search.sort);
  return {
    sort: sort.success ? sort.data : schema.sort.parse(undefined),
    order: search.order ?? schema.order.parse(undefined),
  };
}

/** The report the address asks for on the day `today` (organisation's clock): its parameters, or what is wrong. */
export function resolveReport(search: ReportsSearch, today: string): ResolvedReport {
  const name = search.report;
  const takes = REPORT_PARAMETERS[name];
  const { sort, order } = sortingOf(name, search);
  const parameters: ReportParameters = {};
  const problems: ReportProblem[] = [];
  let period: ResolvedReport['period'] = null;
  let date: string | null = null;
  for (const parameter of takes) {
    switch (parameter) {
      case 'date':
        date = search.date ?? today;
        parameters.date = date;
        break;
      case 'period': {
        const to = search.to ?? today;
        const from = search.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
        period = { from, to };
        parameters.from = from;
        parameters.to = to;
        if (to < from) problems.push('periodOrder');
        else if (periodDays(from, to) > MAX_REPORT_DAYS) problems.push('periodLength');
        break;
      }
      case 'classes':
        parameters.a = search.a;
        parameters.b = search.b;
        if (search.a + search.b >= 100) problems.push('classes');
        break;
      default:
        parameters[parameter] = search[parameter];
    }
  }
  parameters.sort = sort;
  parameters.order = order;
  return { name, parameters, period, date, sort, order, problems };
}

/** The address's parameters when another report is chosen: its sorting and page are the new report's own. */
export function switchReport(report: ReportName): Partial<ReportsSearch> {
  return { report, sort: undefined, order: undefined, page: 1 };
}

type SearchValue = string | number | boolean | undefined;

const DEFAULTS = parseListSearch(ReportsSearch, {}) as Record<string, unknown>;

/**
 * The address's query after `patch`, worked out from the query as it is now (`previous`, the router's latest), not as
 * the screen last rendered it: a change that arrives late (a search box's pause after its report was left, a second
 * click before the screen caught up) then changes only what it names. Defaults and empty values are left out; any
 * change other than the page goes back to page 1, as in every list (useListSearch).
 */
export function nextSearch(
  previous: Record<string, unknown>,
  patch: Partial<ReportsSearch>,
): Record<string, SearchValue> {
  const current = parseListSearch(ReportsSearch, previous) as Record<string, unknown>;
  const changes = patch as Record<string, unknown>;
  const next: Record<string, unknown> = { ...current, ...changes };
  if (Object.keys(changes).some((key) => key !== 'page' && changes[key] !== current[key])) next.page = DEFAULTS.page;
  const search: Record<string, SearchValue> = {};
  // Parameters the screen does not know (set by someone else) are kept as they were.
  for (const [key, value] of Object.entries(previous)) {
    if (!(key in ReportsSearch.shape)) search[key] = value as SearchValue;
  }
  for (const key of Object.keys(ReportsSearch.shape)) {
    const value = next[key];
    if (value === DEFAULTS[key] || value === undefined || value === null || value === '') continue;
    search[key] = value as SearchValue;
  }
  return search;
}
