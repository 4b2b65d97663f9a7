import { createHmac, hkdfSync } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@cm/contract';
import { readableCode } from '../../lib/readable-codes.js';

/** Ten readable characters in two groups (about 49 bits): enough with single use and the sign-in throttle. */
const GROUPS = 2;
const GROUP_LENGTH = 5;

export type RecoveryCodeHasher = (code: string) => string;

/**
 * Recovery codes are kept as HMAC-SHA-256 under a key derived from APP_SECRET: a slow password hash would cost ten
 * verifications per sign-in, and a plain hash of 49 bits could be reversed from a copy of the database alone.
 * Spaces, hyphens and case are ignored, so a code may be typed as it was printed.
 */
export function recoveryCodeHasher(appSecret: string): RecoveryCodeHasher {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'components-master/recovery-codes', 'hmac-sha256/v1', 32));
  return (code) => createHmac('sha256', key).update(code.toLowerCase().replace(/[\s-]/g, '')).digest('base64url');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => readableCode(GROUPS, GROUP_LENGTH));
}
