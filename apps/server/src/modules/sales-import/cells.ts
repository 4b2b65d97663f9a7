import { type ImportErrorCode, withoutGrouping } from '@cm/contract';

// Cell values of the sales files, read exactly: amounts and minutes as integers built from their digits
// (never through a binary float), dates and times as the wall-clock text they are.

/** A parsed cell, or the reason it was refused. */
export type Cell<T> = { value: T } | { error: ImportErrorCode };

/** The cells of one row: their trimmed text, and their values parsed or refused (through `fail`). */
export function rowReader<Key extends string>(
  values: Partial<Record<Key, string>>,
  fail: (column: Key, code: ImportErrorCode) => void,
) {
  const text = (column: Key) => (values[column] ?? '').trim();
  return {
    text,
    /** The parsed value; null when the cell is empty (refused as `required` when it must be filled) or refused. */
    read<T>(column: Key, parse: (text: string) => Cell<T>, required = false): T | null {
      if (text(column) === '') {
        if (required) fail(column, 'required');
        return null;
      }
      const cell = parse(text(column));
      if ('error' in cell) {
        fail(column, cell.error);
        return null;
      }
      return cell.value;
    },
  };
}

/** Earliest and latest years a date may have: outside them a value is a typing error, not a date. */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

/** An id given by the source system: a positive whole number that JavaScript holds exactly. */
export function parseId(text: string): Cell<number> {
  if (!/^\d{1,16}$/.test(text)) return { error: 'invalidId' };
  const value = Number(text);
  return value > 0 && Number.isSafeInteger(value) ? { value } : { error: 'invalidId' };
}

/** A count of 0 or more that fits an integer column, its thousands grouped or not. */
export function parseCount(text: string): Cell<number> {
  const digits = withoutGrouping(text);
  if (!/^\d+$/.test(digits)) return { error: 'invalidCount' };
  const value = Number(digits);
  return value <= 2_147_483_647 ? { value } : { error: 'tooLarge' };
}

/**
 * Call minutes with at most 2 decimals, as whole seconds. A hundredth of a minute is 0.6 s, so only steps of
 * 0.05 min (3 s) are whole seconds; any other value is refused rather than rounded, so that what the
 * screens show is what the file said.
 */
export function parseMinutesToSeconds(text: string): Cell<number> {
  const digits = withoutGrouping(text);
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(digits);
  if (!match) return { error: /^\d{10,}([.,]\d{1,2})?$/.test(digits) ? 'tooLarge' : 'invalidMinutes' };
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  // seconds = hundredths × 60 / 100 = hundredths × 3 / 5, whole only when hundredths is a multiple of 5.
  if (hundredths % 5 !== 0) return { error: 'invalidMinutes' };
  return { value: (hundredths * 3) / 5 };
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Year, month, day and, when written, hour, minute and second of a date in either form. */
function dateParts(text: string): { date: number[]; time: number[] | null } | null {
  const iso = ISO_DATE.exec(text);
  const dotted = iso ? null : DOTTED_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : null;
  const time = (iso ?? dotted)?.slice(4, 7);
  if (!parts || !time) return null;
  return {
    date: parts.map(Number),
    time: time[0] === undefined ? null : time.map((part) => Number(part ?? 0)),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A date `YYYY-MM-DD` or `DD.MM.YYYY`, optionally followed by a time `HH:MM` (seconds allowed), as the
 * local wall-clock text `YYYY-MM-DD HH:MM:SS`. `withTime: false` refuses a time and gives `YYYY-MM-DD`.
 */
export function parseLocalTime(text: string, options: { withTime: boolean }): Cell<string> {
  const parts = dateParts(text);
  if (!parts || (parts.time && !options.withTime)) return { error: 'invalidDate' };
  const [year = 0, month = 0, day = 0] = parts.date;
  const [hour = 0, minute = 0, second = 0] = parts.time ?? [];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return { error: 'invalidDate' };
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return { value: options.withTime ? `${date} ${pad(hour)}:${pad(minute)}:${pad(second)}` : date };
}
