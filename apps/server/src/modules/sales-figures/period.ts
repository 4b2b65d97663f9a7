// Periods of the sales screens (issue #25): days on the organisation's clock as `YYYY-MM-DD`, both ends included.
import { MAX_PERIOD_DAYS } from '@cm/contract';
import { AppError } from '../../lib/app-error.js';

export type Period = { from: string; to: string };

/**
 * The days the sales screens answer for: a century of sales either side of now is plenty, and keeping away from
 * the calendar's ends keeps every period before a period, and every month's arithmetic, a real date.
 */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '9998-12-31';

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayText(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayText(dayNumber(day) + days);
}

/** How many days a period has, both ends counted. */
export function lengthInDays(period: Period): number {
  return dayNumber(period.to) - dayNumber(period.from) + 1;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function parts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month: month - 1, date };
}

/** `day`'s date in the month `offset` months away, clamped to that month's length (Mar 31 − 1 month → Feb 28). */
function shiftMonths(day: string, offset: number, toEnd: boolean): string {
  const { year, month, date } = parts(day);
  const target = new Date(Date.UTC(year, month + offset, 1));
  const length = daysInMonth(target.getUTCFullYear(), target.getUTCMonth());
  target.setUTCDate(toEnd ? length : Math.min(date, length));
  return target.toISOString().slice(0, 10);
}

/** Whether `day` is the last day of its month. */
function isMonthEnd(day: string): boolean {
  const { year, month, date } = parts(day);
  return date === daysInMonth(year, month);
}

/** Whether a period is a calendar week, Monday to Sunday. */
function isWeek(period: Period): boolean {
  return lengthInDays(period) === 7 && new Date(`${period.from}T00:00:00Z`).getUTCDay() === 1;
}

/**
 * The period a period is compared with (issue #25): the same elapsed slice of the one before. A week moves back a
 * week; a period starting on the first of a month moves back by the months it spans (a month, a quarter), whole
 * months staying whole; any other period moves back by its own length. While `today` falls inside the period, only
 * its days so far are compared: November 1–27 with October 1–27, Monday to Wednesday with the Monday to Wednesday
 * before.
 */
export function previousPeriod(period: Period, today: string): Period {
  const end = today >= period.from && today < period.to ? today : period.to;
  if (isWeek(period)) return { from: addDays(period.from, -7), to: addDays(end, -7) };
  if (parts(period.from).date === 1) {
    const from = parts(period.from);
    const to = parts(period.to);
    const months = (to.year - from.year) * 12 + (to.month - from.month) + 1;
    return {
      from: shiftMonths(period.from, -months, false),
      to: shiftMonths(end, -months, end === period.to && isMonthEnd(period.to)),
    };
  }
  const from = addDays(period.from, -lengthInDays(period));
  return { from, to: addDays(from, lengthInDays({ from: period.from, to: end }) - 1) };
}

/** A month a period touches: its days inside the period, and whether that is the whole month. */
export type PeriodMonth = {
  month: string;
  from: string;
  to: string;
  days: number;
  daysInMonth: number;
  whole: boolean;
};

export function monthsOf(period: Period): PeriodMonth[] {
  const months: PeriodMonth[] = [];
  for (let start = period.from; start <= period.to; ) {
    const { year, month } = parts(start);
    const length = daysInMonth(year, month);
    const monthEnd = `${start.slice(0, 8)}${String(length).padStart(2, '0')}`;
    const end = monthEnd < period.to ? monthEnd : period.to;
    const days = lengthInDays({ from: start, to: end });
    months.push({ month: start.slice(0, 7), from: start, to: end, days, daysInMonth: length, whole: days === length });
    start = addDays(monthEnd, 1);
  }
  return months;
}

/**
 * The plan of a period: each month's plan in the share of its days the period covers, summed exactly and rounded
 * half up to the minor unit once; null when no month of the period has a plan.
 */
export function periodPlan(plans: ReadonlyMap<string, number>, months: readonly PeriodMonth[]): number | null {
  let numerator = 0n;
  let denominator = 1n;
  let any = false;
  for (const month of months) {
    const plan = plans.get(month.month);
    if (plan === undefined) continue;
    any = true;
    const share = BigInt(plan) * BigInt(month.days);
    const length = BigInt(month.daysInMonth);
    numerator = numerator * length + share * denominator;
    denominator *= length;
  }
  return any ? Number((numerator * 2n + denominator) / (denominator * 2n)) : null;
}

/**
 * The period a screen asked for: its days, or this month by default (`thisMonth`, its first and last day);
 * refused when it ends before it starts or is longer than MAX_PERIOD_DAYS.
 */
export function askedPeriod(asked: { from?: string | undefined; to?: string | undefined }, thisMonth: Period): Period {
  const period = { from: asked.from ?? thisMonth.from, to: asked.to ?? thisMonth.to };
  const outside = period.from < FIRST_DAY || period.to > LAST_DAY;
  if (outside || period.from > period.to || lengthInDays(period) > MAX_PERIOD_DAYS) {
    throw new AppError('PERIOD_INVALID');
  }
  return period;
}

/**
 * A period cut into the buckets of a trend: weeks from Monday (up to 92 days), else months, each clipped to the
 * period.
 */
export function trendBuckets(period: Period): { bucket: 'week' | 'month'; buckets: Period[] } {
  if (lengthInDays(period) > 92) {
    return { bucket: 'month', buckets: monthsOf(period).map(({ from, to }) => ({ from, to })) };
  }
  const buckets: Period[] = [];
  for (let from = period.from; from <= period.to; ) {
    const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
    const sunday = addDays(from, 6 - weekday);
    // Dates as `YYYY-MM-DD` order as strings; Math.min would read them as NaN.
    const to = [sunday, period.to].sort()[0] as string;
    buckets.push({ from, to });
    from = addDays(to, 1);
  }
  return { bucket: 'week', buckets };
}

/** Months counted from the year 0: arithmetic on them needs no calendar. */
function monthNumber(month: string): number {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return year * 12 + index - 1;
}

function monthOfNumber(number: number): string {
  return `${String(Math.floor(number / 12)).padStart(4, '0')}-${String((number % 12) + 1).padStart(2, '0')}`;
}

/** `YYYY-MM` of the month `offset` months from `month` (negative: earlier). */
export function addMonths(month: string, offset: number): string {
  return monthOfNumber(monthNumber(month) + offset);
}

/** How many months from `from` to `to` (`YYYY-MM`), both included; 0 when `to` is before `from`. */
export function monthCount(from: string, to: string): number {
  return Math.max(0, monthNumber(to) - monthNumber(from) + 1);
}

/** The months from `from` to `to` (`YYYY-MM`), both included, in order. */
export function monthsBetween(from: string, to: string): string[] {
  return Array.from({ length: monthCount(from, to) }, (_, index) => addMonths(from, index));
}

/** Whether a month (`YYYY-MM`) is one the sales screens answer for. */
export function isSalesMonth(month: string): boolean {
  return month >= FIRST_DAY.slice(0, 7) && month <= LAST_DAY.slice(0, 7);
}
