import { percentText } from '@cm/contract';

/** `part` of `whole` in percent, two decimals, truncated; null when the whole is nothing. */
export function share(part: number, whole: number): string | null {
  return whole === 0 ? null : percentText((BigInt(part) * 10_000n) / BigInt(whole));
}
