import { randomInt } from 'node:crypto';

/** Letters and digits that read and type unambiguously: no 0/o, 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A secret to read out, copy or print: groups of characters joined by hyphens, each character drawn uniformly from
 * 31 by the system's cryptographic generator (log2 31 ≈ 4.95 bits each).
 */
export function readableCode(groups: number, groupLength: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: groupLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');
}
