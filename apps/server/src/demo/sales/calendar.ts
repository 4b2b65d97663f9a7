import type { Random } from '../../lib/seeded-random.js';

/**
 * The calendar of the organisation's time zone. Local days are numbered like UTC days (day × DAY is the
 * UTC midnight of the same calendar date), so weekdays and months come from plain Date UTC getters.
 */

export const DAY = 86_400_000;
export const MINUTE = 60_000;
/** Leads are created and closed in working hours, in minutes of the local day. */
export const OPENS = 9 * 60;
export const CLOSES = 20 * 60;

/** Plans follow the season: a slow January, a strong autumn and December. */
const SEASON = [0.8, 0.9, 1, 1, 0.9, 0.95, 0.9, 0.9, 1.05, 1.1, 1.1, 1.2] as const;

export type Calendar = {
  now: number;
  today: number;
  /** Minutes since local midnight now. */
  minuteNow: number;
  /** The instant of a local day and minute. */
  at: (day: number, minute: number) => number;
};

export function calendarIn(timeZone: string, now: number): Calendar {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** The local wall-clock time of an instant, read as if it were UTC. */
  const wallClock = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
  };
  // The offset at local noon serves the whole working day: clocks change at night.
  const offsets = new Map<number, number>();
  const offsetOn = (day: number) => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      const noon = day * DAY + 12 * 60 * MINUTE;
      const guess = noon - (wallClock(noon) - noon);
      offset = wallClock(guess) - guess;
      offsets.set(day, offset);
    }
    return offset;
  };
  const local = wallClock(now);
  return {
    now,
    today: Math.floor(local / DAY),
    minuteNow: Math.floor((local % DAY) / MINUTE),
    at: (day, minute) => day * DAY + minute * MINUTE - offsetOn(day),
  };
}

/** Weekends and Russia's fixed public holidays (the yearly transfers of days off are left out). */
const HOLIDAYS = new Set([
  '01-01',
  '01-02',
  '01-03',
  '01-04',
  '01-05',
  '01-06',
  '01-07',
  '01-08',
  '02-23',
  '03-08',
  '05-01',
  '05-09',
  '06-12',
  '11-04',
]);

export function isoDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export function isDayOff(day: number): boolean {
  const weekday = new Date(day * DAY).getUTCDay();
  return weekday === 0 || weekday === 6 || HOLIDAYS.has(isoDate(day).slice(5));
}

export type Month = {
  key: string;
  first: number;
  last: number;
  /** Months before the last full month: 0 for the last full month, -1 for the current one. */
  back: number;
  season: number;
};

/** The month `offset` months from the current one. */
export function monthAt(today: number, offset: number): Month {
  const date = new Date(today * DAY);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
  const month = new Date(start).getUTCMonth();
  return {
    key: new Date(start).toISOString().slice(0, 7),
    first: start / DAY,
    last: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset + 1, 0) / DAY,
    back: -offset - 1,
    season: SEASON[month] ?? 1,
  };
}

/** Days of a month on which leads can have closed by now, with the share of deals each day sees. */
export function closingDays(month: Month, calendar: Calendar) {
  const days: { day: number; weight: number; until: number }[] = [];
  let full = 0;
  for (let day = month.first; day <= month.last; day++) {
    const weight = isDayOff(day) ? 0.08 : 1;
    full += weight;
    if (day > calendar.today) continue;
    const until = day === calendar.today ? Math.min(CLOSES, calendar.minuteNow) : CLOSES;
    if (until - OPENS < 30) continue;
    days.push({ day, weight: (weight * (until - OPENS)) / (CLOSES - OPENS), until });
  }
  const total = days.reduce((sum, day) => sum + day.weight, 0);
  return { days, total, elapsed: total / full };
}

type ClosingDays = ReturnType<typeof closingDays>;

/** A moment in working hours on one of the days, never later than now. */
export function pickMoment(random: Random, calendar: Calendar, closing: ClosingDays): { day: number; at: number } {
  let left = random.next() * closing.total;
  let chosen = closing.days.at(-1);
  for (const candidate of closing.days) {
    left -= candidate.weight;
    if (left < 0) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) throw new Error('no day to close a demo lead on');
  return {
    day: chosen.day,
    at: calendar.at(chosen.day, random.int(OPENS, chosen.until - 1)) + random.int(0, 59) * 1000,
  };
}

/** When a lead closed `days` days after it came in was created. */
export function createdBefore(
  random: Random,
  calendar: Calendar,
  closedDay: number,
  closedAt: number,
  days: number,
): number {
  if (days === 0) return closedAt - random.int(15, 240) * MINUTE;
  return calendar.at(closedDay - days, random.int(OPENS, CLOSES - 1)) + random.int(0, 59) * 1000;
}
