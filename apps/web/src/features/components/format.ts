/** Money and quantity text, exact: strings and integers only, never a binary float in between. */

/** Whole digits a money amount may have: 13 digits plus 2 decimals stay below Number.MAX_SAFE_INTEGER. */
const MONEY_INPUT = /^(\d{1,13})(?:[.,](\d{0,2}))?$/;

/**
 * Reads an amount typed in major units ("12.50", "12,5", "12") as integer minor units (1250), digit by
 * digit. Blank gives 0; anything else unreadable (letters, three decimals, a sign) gives null.
 */
export function parseMoneyInput(text: string): number | null {
  const trimmed = text.trim().replace(/[\s\u00a0]/g, '');
  if (trimmed === '') return 0;
  const match = MONEY_INPUT.exec(trimmed);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  // "12" and "50" become "1250": the digits are joined as text, so no arithmetic can round them.
  return Number.parseInt(`${whole}${fraction}`, 10);
}

/** Minor units as the text of a money input: 1250 → "12.50", 0 → "". */
export function moneyInputText(minor: number): string {
  if (minor === 0) return '';
  return splitMinor(minor).join('.');
}

function splitMinor(minor: number): [string, string] {
  const text = String(Math.trunc(minor)).padStart(3, '0');
  return [text.slice(0, -2).replace(/^0+(?=\d)/, ''), text.slice(-2)];
}

/** Whether a quantity string has no fractional part other than zeros ("3", "3.000"). */
export function isWholeQuantity(quantity: string): boolean {
  const fraction = quantity.trim().split('.')[1] ?? '';
  return /^0*$/.test(fraction);
}
