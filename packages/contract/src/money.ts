// Money as files write it: amounts in the organisation currency's major units ("1 250 000,50"), stored as
// exact integer minor units (ADR 0007) and never passed through a binary float on the way in.

/** Digits after the decimal point of a currency: its minor units per major unit are 10 to this (2 for RUB, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  let digits = exponents.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    exponents.set(currency, digits);
  }
  return digits;
}

// Building a currency formatter is costly and every list cell of money asks; the answer never changes.
const exponents = new Map<string, number>();

/**
 * An amount in minor units as a spreadsheet number in major units, for exports: 12345 → 123.45 (2 digits),
 * 1500 → 1500 (0 digits). A number holds 15 to 16 significant digits, as in any spreadsheet: larger sums
 * lose their last ones.
 */
export function majorUnits(minor: number | string, exponent: number): number {
  return Number(minor) / 10 ** exponent;
}

/** Digits with spaces as thousands separators (Russian spreadsheets write "1 250 000,50"). */
export function withoutGrouping(text: string): string {
  return text.replace(/(?<=\d)[\s\u00a0\u202f](?=\d)/g, '');
}

/**
 * An amount in major units, `.` or `,` before its decimals, as exact minor units of a currency with
 * `exponent` decimals, at most `max` of them. Decimals the currency does not have must be zero (12.00 yen,
 * not 12.50).
 */
export function parseAmountMinor(
  text: string,
  exponent: number,
  max = Number.MAX_SAFE_INTEGER,
): { value: number } | { error: 'tooManyDecimals' | 'invalidNumber' | 'tooLarge' } {
  const digits = withoutGrouping(text);
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(digits);
  if (!match) return { error: 'invalidNumber' };
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { error: 'tooManyDecimals' };
  // Before BigInt, whose time grows faster than the length of the digits a cell may hold.
  if (whole.length > String(max).length) return { error: 'tooLarge' };
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
  return minor <= BigInt(max) ? { value: Number(minor) } : { error: 'tooLarge' };
}
