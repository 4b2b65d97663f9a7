import { percentText } from '@cm/contract';

/** `part` of `whole` in percent, two decimals, truncated; null when the whole is nothing. */
export function share(part: number, whole: number): string | null {
  return whole === 0 ? null : percentText((BigInt(part) * 10_000n) / BigInt(whole));
}

/**
 * The shares of parts that make up a whole, in percent with two decimals, adding up to exactly 100.00: each is
 * truncated, and the hundredths left over go one each to the parts truncation cut the most (largest remainder).
 */
export function sharesOfWhole(parts: readonly number[]): string[] {
  const whole = BigInt(parts.reduce((sum, part) => sum + part, 0));
  if (whole === 0n) return parts.map(() => '0.00');
  const exact = parts.map((part) => BigInt(part) * 10_000n);
  const shares = exact.map((value) => value / whole);
  const left = 10_000n - shares.reduce((sum, value) => sum + value, 0n);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder.slice(0, Number(left))) shares[index] = (shares[index] ?? 0n) + 1n;
  return shares.map(percentText);
}
