import { MoneyMinor } from '@cm/contract';

/**
 * Plan amounts in the organisation currency's own minor units, the way the sync stores lead budgets:
 * kopecks for RUB, whole yen for JPY, thousandths for KWD. Converted as text, never through a float.
 */

/** Digits after the decimal point of a currency (2 for RUB, 0 for JPY), as the server counts them. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Minor units (never negative) as an exact decimal text, the text of an amount box and of Intl formatting:
 * 1500050 → "15000.50" (2 digits), 1500 → "1500" (0 digits). Sums beyond 2^53 come as bigints.
 */
export function amountText(minor: number | bigint, digits: number): `${number}` {
  const text = typeof minor === 'bigint' ? minor.toString() : String(Math.trunc(minor));
  if (digits === 0) return text as `${number}`;
  const padded = text.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}` as `${number}`;
}

/** Whitespace a person or a spreadsheet may put inside a number ("150 000", a no-break space). */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads an amount typed in major units ("15000", "15 000,5", "15000.50") as minor units, digit by digit.
 * Blank gives null (no plan); anything unreadable or beyond the contract's maximum gives undefined.
 */
export function parseAmount(text: string, digits: number): number | null | undefined {
  const compact = text.replace(SPACES, '');
  if (compact === '') return null;
  const match = /^(\d{1,16})(?:[.,](\d*))?$/.exec(compact);
  if (!match) return undefined;
  // Zeros at the end change nothing: "1500.00" is a whole amount of yen, as in the sales files.
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  // "150" and "5" become "15050" for two digits: joined as text, so nothing is rounded.
  const minor = Number.parseInt(`${match[1]}${fraction.padEnd(digits, '0')}`, 10);
  return MoneyMinor.safeParse(minor).success ? minor : undefined;
}
