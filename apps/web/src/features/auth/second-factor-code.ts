import { TOTP_DIGITS } from '@cm/contract';

/**
 * What sign-in's code step sends: the code as typed without spaces (apps show one in the middle of their digits; the
 * server ignores them in a recovery code too), or why it cannot be sent: nothing typed, or not the app's digits.
 */
export function secondFactorCode(
  typed: string,
  recovery: boolean,
): { code: string } | { problem: 'required' | 'digits' } {
  const code = typed.replace(/\s/g, '');
  if (code === '') return { problem: 'required' };
  return recovery || new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? { code } : { problem: 'digits' };
}
