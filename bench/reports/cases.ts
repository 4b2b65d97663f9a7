// What the benchmark asks of each report: first pages over varied parameters (dates, periods, groupings, sorts,
// filters), and one full export of each, the files sized as the targets need them.
import type { ReportFormat, ReportName } from '@cm/contract';
import { HISTORY } from '../stock-data.js';

export type ReportCase = { report: ReportName; label: string; params: Record<string, string> };

/** An export: its report and parameters, the formats asked for, and why these parameters. */
export type ExportCase = ReportCase & { formats: ReportFormat[]; note: string };

/** Ids the filters pick: a root category (a tenth of the components) and a shelf (a twentieth of the bins). */
export type FilterIds = { rootCategoryId: string; shelfId: string };

const DAY_MS = 86_400_000;

/** Today on the organisation's clock, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` months later (earlier when negative), the month's last day when it has fewer. */
function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Dates and periods relative to `today`, as people pick them on the reports screen. */
export function calendar(today: string) {
  const thisMonth = firstOfMonth(today);
  const endOfLastMonth = addDays(thisMonth, -1);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const thisMonday = addDays(today, -weekday);
  const month = Number(today.slice(5, 7));
  const thisQuarter = `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  const eightMonthsBack = addMonths(thisMonday, -8);
  const eightMonthsBackMonday = addDays(
    eightMonthsBack,
    -((new Date(`${eightMonthsBack}T00:00:00Z`).getUTCDay() + 6) % 7),
  );
  const fourteenMonthsBack = firstOfMonth(addMonths(today, -14));
  return {
    dates: {
      today,
      'end of last month': endOfLastMonth,
      '7 months back': addMonths(today, -7),
      '20 months back': addMonths(today, -20),
    },
    periods: {
      'last week': { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) },
      'a week 8 months back': { from: eightMonthsBackMonday, to: addDays(eightMonthsBackMonday, 6) },
      'last month': { from: firstOfMonth(endOfLastMonth), to: endOfLastMonth },
      'a month 14 months back': { from: fourteenMonthsBack, to: addDays(firstOfMonth(addMonths(today, -13)), -1) },
      'last quarter': { from: addMonths(thisQuarter, -3), to: addDays(thisQuarter, -1) },
      'last 12 months': { from: addDays(addMonths(today, -12), 1), to: today },
    },
    /** From before the first movement to today: every component the ledger knows. */
    wholeHistory: { from: addDays(today, -(HISTORY.days + 5)), to: today },
  };
}

type Sort = { sort: string; order: 'asc' | 'desc' };

function sorts(...pairs: [string, 'asc' | 'desc'][]): Sort[] {
  return pairs.map(([sort, order]) => ({ sort, order }));
}

function spelled(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** Every first page the benchmark asks for (page 1, 25 rows), each to be asked several times. */
export function pageCases(today: string, ids: FilterIds): ReportCase[] {
  const { dates, periods } = calendar(today);
  const cases: ReportCase[] = [];
  const add = (report: ReportName, label: string, params: Record<string, string>) =>
    cases.push({ report, label: `${label}: ${spelled(params)}`, params: { ...params, page: '1', pageSize: '25' } });

  for (const [label, date] of Object.entries(dates)) {
    for (const groupBy of ['category', 'location']) {
      for (const { sort, order } of sorts(['group', 'asc'], ['value', 'desc'])) {
        add('stock-valuation', label, { date, groupBy, sort, order });
      }
    }
  }
  const periodReports: [ReportName, Sort[]][] = [
    ['movement-summary', sorts(['sku', 'asc'], ['closing', 'desc'])],
    ['consumption', sorts(['value', 'desc'], ['quantity', 'desc'])],
    ['activity-by-user', sorts(['total', 'desc'], ['name', 'asc'])],
    ['abc-analysis', sorts(['rank', 'asc'], ['value', 'desc'])],
  ];
  for (const [report, orders] of periodReports) {
    for (const [label, period] of Object.entries(periods)) {
      for (const { sort, order } of orders) add(report, label, { ...period, sort, order });
    }
  }
  const month = periods['last month'];
  add('movement-summary', 'last month, a root category', { ...month, categoryId: ids.rootCategoryId });
  add('movement-summary', 'last month, a shelf', { ...month, locationId: ids.shelfId, sort: 'issued', order: 'desc' });
  add('movement-summary', 'last 12 months, a search', { ...periods['last 12 months'], q: 'murata' });
  add('consumption', 'last quarter, a root category', { ...periods['last quarter'], categoryId: ids.rootCategoryId });

  for (const { sort, order } of sorts(['shortfallShare', 'desc'], ['sku', 'asc'], ['onHand', 'asc'])) {
    add('low-stock', 'all', { sort, order });
  }
  add('low-stock', 'a root category', { categoryId: ids.rootCategoryId, sort: 'shortfall', order: 'desc' });
  // Texas Instruments makes components of every tenth's residue, the low ones included (Murata's are all odd).
  add('low-stock', 'a search', { q: 'texas' });
  for (const days of ['90', '180', '365']) {
    for (const { sort, order } of sorts(['value', 'desc'], ['age', 'desc'])) {
      add('dead-stock', `${days} days`, { days, sort, order });
    }
  }
  add('dead-stock', '180 days, a root category', {
    days: '180',
    categoryId: ids.rootCategoryId,
    sort: 'sku',
    order: 'asc',
  });
  return cases;
}

/**
 * One full export of each report. The 10 000-row PDF of the target is dead stock at 365 days (exactly the dead tenth
 * of the components, HISTORY) and, as a second one, low stock (exactly the tenth below its minimum); the movement
 * summary is the whole history's, every component.
 */
export function exportCases(today: string): ExportCase[] {
  const { periods, wholeHistory } = calendar(today);
  const all: ReportFormat[] = ['pdf', 'csv', 'xlsx'];
  const year = periods['last 12 months'];
  return [
    {
      report: 'dead-stock',
      label: 'days=365',
      params: { days: '365' },
      formats: all,
      note: 'the 10 000-row PDF target: the dead tenth of the components',
    },
    {
      report: 'low-stock',
      label: 'all',
      params: {},
      formats: all,
      note: 'about 10 000 rows: the tenth below its minimum',
    },
    {
      report: 'movement-summary',
      label: `${wholeHistory.from}..${wholeHistory.to}`,
      params: wholeHistory,
      formats: ['csv', 'xlsx', 'pdf'],
      note: 'the full CSV target: every component',
    },
    {
      report: 'stock-valuation',
      label: `date=${today} groupBy=location`,
      params: { date: today, groupBy: 'location' },
      formats: all,
      note: 'one row per bin',
    },
    {
      report: 'consumption',
      label: `${year.from}..${year.to}`,
      params: year,
      formats: all,
      note: 'a year',
    },
    {
      report: 'activity-by-user',
      label: `${year.from}..${year.to}`,
      params: year,
      formats: all,
      note: 'a year',
    },
    {
      report: 'abc-analysis',
      label: `${year.from}..${year.to}`,
      params: year,
      formats: all,
      note: 'a year',
    },
  ];
}
