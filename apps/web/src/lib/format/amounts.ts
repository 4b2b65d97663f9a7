/**
 * Money and quantity text, exact: strings, integers and bigints only, never a binary float in between.
 * Every screen reads what a person typed and writes amounts through these helpers, so "12,50" and "2,5"
 * are accepted alike everywhere.
 */

import { MoneyMinor, parseAmountMinor } from '@cm/contract';

type NumericText = `${number}`;

/** Whitespace a person or a spreadsheet may put inside a number ("1 000", a no-break or narrow no-break space). */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Minor units as an exact decimal text in major units, the text of an amount box and of Intl formatting:
 * 123456 → "1234.56" (2 digits), 1500 → "1500" (0 digits). Sums beyond 2^53 come as bigints or decimal
 * strings and stay exact, since no float is involved.
 */
export function moneyText(minor: number | bigint | string, digits: number): NumericText {
  const text = typeof minor === 'number' ? String(Math.trunc(minor)) : String(minor).trim();
  const negative = text.startsWith('-');
  const absolute = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  const sign = negative && /[1-9]/.test(absolute) ? '-' : '';
  if (digits === 0) return `${sign}${absolute}` as NumericText;
  const padded = absolute.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}` as NumericText;
}

type Separators = { decimal: string; group: string };

/** The decimal and grouping separators of each language met so far (a plan grid asks once per cell and render). */
const SEPARATORS = new Map<string, Separators>();

function separatorsOf(language: string): Separators {
  let separators = SEPARATORS.get(language);
  if (separators === undefined) {
    const parts = new Intl.NumberFormat(language).formatToParts(12345.5);
    separators = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    SEPARATORS.set(language, separators);
  }
  return separators;
}

/**
 * An exact decimal text ("1234.56") as a person of `language` types it into a box: "1234,56" in Russian.
 * Digits are left ungrouped: quantities are short, and normaliseQuantity takes either separator.
 */
export function decimalInputText(text: string, language: string): string {
  return text.replace('.', separatorsOf(language).decimal);
}

/**
 * Minor units as the text of an amount box in `language`, grouped as amounts are shown everywhere:
 * 255000000 → "2,550,000.00" in English, "2 550 000,00" in Russian. parseMoney with the same language
 * reads it back.
 */
export function moneyInputText(minor: number | bigint | string, digits: number, language: string): string {
  const [whole = '0', fraction] = moneyText(minor, digits).split('.');
  const { decimal, group } = separatorsOf(language);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
}

/**
 * Reads an amount typed in major units ("15000", "15 000,5", "15000.50", "15,000.50" in English) as minor
 * units, digit by digit. Spaces always group; a comma groups only in a language that groups with commas,
 * and only between groups of three digits, else it is a decimal comma. Blank gives null, for the caller to
 * read as "no amount"; anything unreadable (letters, a sign, more decimals than the currency has, beyond
 * the contract's maximum) gives undefined.
 */
export function parseMoney(text: string, digits: number, language: string): number | null | undefined {
  let compact = text.replace(SPACES, '');
  if (separatorsOf(language).group === ',' && /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) {
    compact = compact.replaceAll(',', '');
  }
  if (compact === '') return null;
  // "12." is "12" while being typed. The rest is read as files are (contract's money.ts), up to the
  // contract's largest amount.
  const parsed = parseAmountMinor(compact.replace(/(?<=\d)[.,]$/, ''), digits, MoneyMinor.maxValue ?? 0);
  return 'value' in parsed ? parsed.value : undefined;
}

/** Why an amount typed cannot be one: nothing typed, not a number, more decimals than the currency has, too large. */
export type MoneyProblem = 'empty' | 'notANumber' | 'tooManyDecimals' | 'tooLarge';

/** The most decimals beyond the currency's that are tried when telling extra decimals from other problems. */
const EXTRA_DECIMALS_TRIED = 12;

/**
 * An amount typed in major units as minor units, or why it cannot be one, for a form to word: parseMoney refuses
 * unreadable text, extra decimals and amounts beyond the contract's largest alike; the text read again with more
 * decimals tells the second from the others. `max` is the largest amount the field takes (the contract's by default).
 */
export function readMoney(
  text: string,
  digits: number,
  language: string,
  max: number = MoneyMinor.maxValue ?? Number.MAX_SAFE_INTEGER,
): { minor: number; problem?: undefined } | { problem: MoneyProblem } {
  const minor = parseMoney(text, digits, language);
  if (minor === null) return { problem: 'empty' };
  if (minor !== undefined) return minor > max ? { problem: 'tooLarge' } : { minor };
  for (let more = digits + 1; more <= digits + EXTRA_DECIMALS_TRIED; more += 1) {
    if (parseMoney(text, more, language) !== undefined) return { problem: 'tooManyDecimals' };
  }
  // Every digit as a zero reads when only the size was wrong: "99999999999999999999" is a number, too large.
  const readable = parseMoney(text.replace(/\d/g, '0'), digits, language) !== undefined;
  return { problem: readable ? 'tooLarge' : 'notANumber' };
}

/**
 * An amount as typed in one language, rewritten as another writes it, for a form open while the interface language
 * changes: "2,800,000.00" in English is «2 800 000,00» in Russian, where the English text would be no number. Text
 * that does not read is left as it is, for its message to say why.
 */
export function relocalisedMoney(text: string, digits: number, from: string, to: string): string {
  const minor = parseMoney(text, digits, from);
  return typeof minor === 'number' ? moneyInputText(minor, digits, to) : text;
}

/** What a person typed as a quantity, in the contract's form: spaces dropped, a decimal comma read as a point. */
export function normaliseQuantity(text: string): string {
  return text.replace(SPACES, '').replace(',', '.');
}

/** Whether a quantity has no fractional part other than zeros ("3", "3.000", "3,0"). */
export function isWholeQuantity(quantity: string): boolean {
  const fraction = normaliseQuantity(quantity).split('.')[1] ?? '';
  return /^0*$/.test(fraction);
}

/**
 * A percentage as a decimal string ("112.5") turned into the fraction it stands for ("1.125"), by moving its
 * point, so that Intl's percent style writes it exactly, with no binary float on the way.
 */
export function asFraction(percent: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(percent.trim());
  if (!match) return percent;
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.padStart(3, '0');
  const fractionDigits = `${digits.slice(-2)}${fraction}`;
  const integer = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
  return `${sign}${integer}.${fractionDigits}`;
}
