/**
 * Money and quantity text, exact: strings, integers and bigints only, never a binary float in between.
 * Every screen reads what a person typed and writes amounts through these helpers, so "12,50" and "2,5"
 * are accepted alike everywhere.
 */

type NumericText = `${number}`;

/** Whitespace a person or a spreadsheet may put inside a number ("1 000", a no-break space). */
const SPACES = /[\s\u00a0]/g;

/**
 * Money in integer minor units (a number, or a decimal string for amounts beyond 2^53) as an exact decimal
 * text ("123456" → "1234.56"), without binary floats.
 */
export function minorToDecimal(minor: number | string): NumericText {
  const text = typeof minor === 'number' ? String(Math.trunc(minor)) : minor.trim();
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as NumericText;
}

/** Whole digits a money amount may have: 13 digits plus 2 decimals stay below Number.MAX_SAFE_INTEGER. */
const MONEY_INPUT = /^(\d{1,13})(?:[.,](\d{0,2}))?$/;

/**
 * Reads an amount typed in major units ("12.50", "12,5", "12") as integer minor units (1250), digit by
 * digit. Blank gives 0; anything else unreadable (letters, three decimals, a sign) gives null.
 */
export function parseMoneyInput(text: string): number | null {
  const compact = text.replace(SPACES, '');
  if (compact === '') return 0;
  const match = MONEY_INPUT.exec(compact);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  // "12" and "50" become "1250": the digits are joined as text, so no arithmetic can round them.
  return Number.parseInt(`${whole}${fraction}`, 10);
}

/** Minor units as the text of a money input: 1250 → "12.50", 0 → "". */
export function moneyInputText(minor: number): string {
  return minor === 0 ? '' : minorToDecimal(minor);
}

/** What a person typed as a quantity, in the contract's form: spaces dropped, a decimal comma read as a point. */
export function normaliseQuantity(text: string): string {
  return text.replace(SPACES, '').replace(',', '.');
}

const SCALE = 1000n;

/** A contract quantity ("12", "2.5") as an exact count of thousandths. */
export function toThousandths(quantity: string): bigint {
  const [whole = '0', fraction = ''] = quantity.trim().split('.');
  return BigInt(whole || '0') * SCALE + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
}

/** Thousandths back to the contract's text, without trailing zeros ("2500" → "2.5", negative kept). */
export function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = absolute / SCALE;
  const fraction = (absolute % SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Whether a quantity has no fractional part other than zeros ("3", "3.000", "3,0"). */
export function isWholeQuantity(quantity: string): boolean {
  const fraction = normaliseQuantity(quantity).split('.')[1] ?? '';
  return /^0*$/.test(fraction);
}
