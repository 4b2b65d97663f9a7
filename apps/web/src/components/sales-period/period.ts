// The periods of the sales screens (PRODUCT.md §5: the leaderboard, analytics): calendar days `YYYY-MM-DD` on the
// organisation's clock, both ends included. Days are counted in UTC, where no clock change moves a day into another.
import { MAX_PERIOD_DAYS } from '@cm/contract';

export const PERIOD_KINDS = ['month', 'week', 'quarter', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export type Period = { from: string; to: string };

const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);
const utcDay = (year: number, monthIndex: number, date: number) =>
  new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);

function parts(day: string): { year: number; monthIndex: number } {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  return { year, monthIndex: month - 1 };
}

/** The day `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

/** How many days a period has, both ends counted. */
export function lengthInDays(period: Period): number {
  return dayNumber(period.to) - dayNumber(period.from) + 1;
}

/** The calendar month of a day, or the `offset`-th month after it. */
export function monthOf(day: string, offset = 0): Period {
  const { year, monthIndex } = parts(day);
  return { from: utcDay(year, monthIndex + offset, 1), to: utcDay(year, monthIndex + offset + 1, 0) };
}

/** The week of a day, Monday to Sunday. */
export function weekOf(day: string): Period {
  // 1970-01-01, day 0, was a Thursday: weekday 3 counted from Monday.
  const monday = dayNumber(day) - ((dayNumber(day) + 3) % 7);
  return { from: dayText(monday), to: dayText(monday + 6) };
}

/** The calendar quarter of a day, or the `offset`-th quarter after it. */
export function quarterOf(day: string, offset = 0): Period {
  const { year, monthIndex } = parts(day);
  const first = Math.floor(monthIndex / 3) * 3 + offset * 3;
  return { from: utcDay(year, first, 1), to: utcDay(year, first + 3, 0) };
}

/** The period of a kind that holds `day`; a custom period has no such, and is the day itself. */
export function periodOf(kind: PeriodKind, day: string): Period {
  switch (kind) {
    case 'month':
      return monthOf(day);
    case 'week':
      return weekOf(day);
    case 'quarter':
      return quarterOf(day);
    case 'custom':
      return { from: day, to: day };
  }
}

/** The period before (`step` −1) or after (+1): the next month, week or quarter; a custom range moves by its length. */
export function shiftPeriod(kind: PeriodKind, period: Period, step: -1 | 1): Period {
  switch (kind) {
    case 'month':
      return monthOf(period.from, step);
    case 'week':
      return weekOf(addDays(period.from, 7 * step));
    case 'quarter':
      return quarterOf(period.from, step);
    case 'custom': {
      const length = lengthInDays(period) * step;
      return { from: addDays(period.from, length), to: addDays(period.to, length) };
    }
  }
}

export function contains(period: Period, day: string): boolean {
  return period.from <= day && day <= period.to;
}

/** Whether a period is exactly one calendar month. */
export function isWholeMonth(period: Period): boolean {
  const month = monthOf(period.from);
  return month.from === period.from && month.to === period.to;
}

/** Whether a period is exactly one calendar quarter. */
export function isWholeQuarter(period: Period): boolean {
  const quarter = quarterOf(period.from);
  return quarter.from === period.from && quarter.to === period.to;
}

/** Why the server would refuse a range (422 PERIOD_INVALID), said before asking it; null when it is fine. */
export function rangeProblem(period: Period): 'reversed' | 'tooLong' | null {
  if (period.from > period.to) return 'reversed';
  return lengthInDays(period) > MAX_PERIOD_DAYS ? 'tooLong' : null;
}

/**
 * The period as the address keeps it: the kind (`?period=`, a month without it), and a month's, week's or quarter's
 * first day unless it is the current one (so that a link to "this month" still opens this month next month), or a
 * custom range's two days (`?period=custom&from=…&to=…`).
 */
export type PeriodSearch = { period: PeriodKind; from?: string | undefined; to?: string | undefined };

/** What the screen shows for the address's period, on the day `today`. */
export type ShownPeriod =
  | { kind: PeriodKind; period: Period; current: boolean }
  /** A custom range of which a day is missing: nothing to ask the server for until it is chosen. */
  | { kind: 'custom'; period: null; from?: string | undefined; to?: string | undefined; current: false };

/**
 * The period an address names: a month, week or quarter by any day in it (`from`), the one of today without;
 * a custom range by its two days.
 */
export function shownPeriod(search: PeriodSearch, today: string): ShownPeriod {
  if (search.period === 'custom') {
    if (!search.from || !search.to)
      return { kind: 'custom', period: null, from: search.from, to: search.to, current: false };
    const period = { from: search.from, to: search.to };
    return { kind: 'custom', period, current: contains(period, today) };
  }
  const period = periodOf(search.period, search.from ?? today);
  return { kind: search.period, period, current: contains(period, today) };
}

/** The address of a period of a kind; a custom range always with both days. */
export function searchOf(kind: PeriodKind, period: Period, today: string): PeriodSearch {
  if (kind === 'custom') return { period: kind, from: period.from, to: period.to };
  return { period: kind, from: contains(period, today) ? undefined : period.from, to: undefined };
}

/**
 * Another kind of period chosen: the one that holds today when the period shown is current, else the one that holds
 * the shown period's first day, so that moving from October to weeks shows a week of October. A custom range starts
 * as the period shown, to be changed from there.
 */
export function switchKind(shown: ShownPeriod, kind: PeriodKind, today: string): PeriodSearch {
  if (!shown.period) return searchOf(kind, periodOf(kind === 'custom' ? 'month' : kind, today), today);
  if (kind === 'custom') return searchOf(kind, shown.period, today);
  return searchOf(kind, periodOf(kind, shown.current ? today : shown.period.from), today);
}

/** Today's day on a time zone's clock, `YYYY-MM-DD`; the browser's own without one. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
