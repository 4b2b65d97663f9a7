/**
 * Digits of an authenticator app's code (RFC 6238), in a module of its own so that the sign-in page checks a typed
 * code with it without loading zod.
 */
export const TOTP_DIGITS = 6;
