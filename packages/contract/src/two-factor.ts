import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.js';
import { TOTP_DIGITS } from './one-time-codes.js';

// Two-factor sign-in (issue 26, ADR 0043): a time-based one-time password (RFC 6238) from an authenticator app, with
// single-use recovery codes for a lost phone. Everyone may turn it on for their own account; administrators may
// require it of every administrator.

/** Recovery codes given at once; each works a single time. */
export const RECOVERY_CODE_COUNT = 10;

export const TwoFactorStatus = z
  .object({
    enabled: z.boolean().describe('Sign-in asks for a code'),
    enabledAt: z.iso.datetime({ offset: true }).nullable(),
    recoveryCodesLeft: z.number().int().min(0).describe('Unused recovery codes'),
    required: z
      .boolean()
      .describe('The security policy requires it of this account (an administrator): it cannot be turned off'),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A new secret to add to an authenticator app; sign-in does not ask for it until a code confirms it. */
export const TwoFactorSetup = z
  .object({
    secret: z.string().describe('The shared secret in base32, for typing into an app that cannot scan'),
    otpauthUri: z.string().describe('The otpauth:// key URI the QR code holds'),
    qrCodeSvg: z.string().describe('The key URI as a QR code, an SVG document'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const TwoFactorConfirmation = z
  .object({
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`))
      .describe('A current code of the app the secret was added to'),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH)
      .describe("The account's password: a session alone must not be enough to bind the account to another phone"),
  })
  .strict()
  .meta({ id: 'TwoFactorConfirmation' });
export type TwoFactorConfirmation = z.infer<typeof TwoFactorConfirmation>;

/** The account's password, asked again before two-factor sign-in is turned off or its recovery codes replaced. */
export const PasswordConfirmation = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .strict()
  .meta({ id: 'PasswordConfirmation' });
export type PasswordConfirmation = z.infer<typeof PasswordConfirmation>;

export const RecoveryCodes = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .length(RECOVERY_CODE_COUNT)
      .describe('Answered this once: the server keeps only a keyed hash of each'),
  })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const SecurityPolicy = z
  .object({
    requireTwoFactorForAdministrators: z
      .boolean()
      .describe('Every administrator must turn on two-factor sign-in before doing anything else'),
  })
  .strict()
  .meta({ id: 'SecurityPolicy' });
export type SecurityPolicy = z.infer<typeof SecurityPolicy>;
