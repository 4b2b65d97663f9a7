import { TOTP_DIGITS } from '@cm/contract';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads a key URI without parameters: SHA-1, 30-second steps, 6 digits. */
const PERIOD_SECONDS = 30;
/** Steps accepted either side of now, for a phone's clock that is a little off and a code typed as it turned. */
const WINDOW_STEPS = 1;
/** RFC 4226 recommends 160 bits. */
const SECRET_BYTES = 20;

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** A new random shared secret in base32, as apps take it typed. */
export function newSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// key URI an app scans: the issuer and the account name tell it apart from the person's other keys. */
export function keyUri(secretBase32: string, issuer: string, accountName: string): string {
  const uri = totp(secretBase32, accountName);
  uri.issuer = issuer;
  return uri.toString();
}

/**
 * The time step a code belongs to, or null when it matches none within the window. The caller refuses a step it
 * has accepted already (a replayed code), which RFC 6238 §5.2 asks of a verifier.
 */
export function codeStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Whether what was typed is an app's code (digits only) rather than a recovery code. */
export function isAppCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
}
