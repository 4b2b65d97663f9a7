import { monthName } from '../../lib/format';
import { isWholeMonth, isWholeQuarter, type Period } from './period';

const ROMAN = ['I', 'II', 'III', 'IV'];

/** How a quarter is named in a language: "Q4 2026", «IV квартал 2026 г.». */
export type QuarterName = (quarter: { number: number; roman: string; year: number }) => string;

export type PeriodWords = {
  /**
   * A period as a heading names it: a whole month by its name ("November 2026", «Ноябрь 2026 г.»), a whole quarter as
   * the language names quarters ("Q4 2026"), any other period by its days ("Nov 23 – 29, 2026").
   */
  period: (period: Period) => string;
  /** A period by its days, shared parts written once: "Nov 3 – 9, 2026", «3–9 нояб. 2026 г.»; one day alone. */
  range: (period: Period) => string;
  /** A day: "Nov 27, 2026", «27 нояб. 2026 г.». */
  day: (day: string) => string;
  /**
   * A part of a trend on a chart's axis, short: a week by its days ("Nov 3 – 9", «3–9 нояб.»), a month by its name
   * and year ("Nov 2026", «нояб. 2026 г.»).
   */
  bucket: (bucket: 'week' | 'month', period: Period) => string;
};

// Days are calendar days, not moments: written in UTC, where they were counted, so no clock moves them.
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

/** Words for the sales screens' periods in a language, quarters named by `quarterName`. */
export function periodWords(language: string, quarterName: QuarterName): PeriodWords {
  const days = format(language, { dateStyle: 'medium' });
  const range = (period: Period) =>
    period.from === period.to
      ? days.format(dayOf(period.from))
      : days.formatRange(dayOf(period.from), dayOf(period.to));
  return {
    period: (period) => {
      if (isWholeMonth(period)) return monthName(period.from.slice(0, 7), language);
      if (isWholeQuarter(period)) {
        const first = dayOf(period.from);
        const number = Math.floor(first.getUTCMonth() / 3) + 1;
        return quarterName({ number, roman: ROMAN[number - 1] ?? String(number), year: first.getUTCFullYear() });
      }
      return range(period);
    },
    range,
    day: (day) => days.format(dayOf(day)),
    bucket: (bucket, period) => {
      if (bucket === 'month') return format(language, { month: 'short', year: 'numeric' }).format(dayOf(period.from));
      const short = format(language, { day: 'numeric', month: 'short' });
      return period.from === period.to
        ? short.format(dayOf(period.from))
        : short.formatRange(dayOf(period.from), dayOf(period.to));
    },
  };
}
