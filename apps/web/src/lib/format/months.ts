/**
 * Calendar months in words. A month (`YYYY-MM`) is a month of the calendar, not a moment: it is written in UTC,
 * where no clock moves its first day into the month before.
 */

const monthFormats = new Map<string, { month: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function monthFormatsOf(language: string) {
  let formats = monthFormats.get(language);
  if (!formats) {
    formats = {
      month: new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
    monthFormats.set(language, formats);
  }
  return formats;
}

const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** A date kept on one line: a title that wraps never leaves "г." or the year alone on the next. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/**
 * A month as a heading, an option or a label shows it, starting with a capital as a heading does in every
 * language: "March 2026", «Март 2026 г.». A sentence places it where a capital is right (after a colon, first).
 */
export function monthName(month: string, language: string): string {
  const name = unbroken(monthFormatsOf(language).month.format(firstDay(month)));
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * The first day of a month, as a sentence names the day something takes effect: "March 1, 2026",
 * «1 марта 2026 г.» (a Russian month after «с» takes the genitive, which a date with its day has).
 */
export function monthStart(month: string, language: string): string {
  return unbroken(monthFormatsOf(language).day.format(firstDay(month)));
}
