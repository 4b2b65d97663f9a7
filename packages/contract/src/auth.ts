import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email.js';
import { TOTP_DIGITS } from './one-time-codes.js';
import { SignedInUser } from './users.js';

/** The shortest password a person may be given or choose (the CLI and the screens check the same). */
export const PASSWORD_MIN_LENGTH = 8;

/** Long enough for any pass-phrase, short enough that hashing it is no denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * What sign-in takes as a second factor: the app's six digits, or a recovery code (spaces and hyphens are ignored,
 * so it may be typed as it was printed).
 */
export const SecondFactorCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe(`The ${TOTP_DIGITS} digits of the authenticator app, or one of the recovery codes`);

export const LoginRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(EMAIL_MAX_LENGTH)
    .pipe(z.email({ pattern: EMAIL_PATTERN })),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: SecondFactorCode.optional().describe(
    "Asked only of an account with two-factor sign-in, which answers 401 SECOND_FACTOR_REQUIRED without it: the app's code or a recovery code",
  ),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof TokenPair>;

export const LoginResponse = TokenPair.extend({ user: SignedInUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({
  refreshToken: z.string().min(1).max(512),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const RefreshResponse = TokenPair.extend({
  mustChangePassword: z.boolean().describe('The account still has to replace a temporary password'),
  mustSetUpTwoFactor: z
    .boolean()
    .describe('The security policy requires two-factor sign-in the account has not turned on'),
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const DepartmentSwitchRequest = z.object({
  newDepartment: z.uuid().describe('Id of a department the user belongs to'),
});
export type DepartmentSwitchRequest = z.infer<typeof DepartmentSwitchRequest>;

export const DepartmentSwitchResponse = LoginResponse;
export type DepartmentSwitchResponse = z.infer<typeof DepartmentSwitchResponse>;

export const LogoutRequest = RefreshRequest;
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const CheckResponse = z.object({ loggedIn: z.boolean() });
export type CheckResponse = z.infer<typeof CheckResponse>;

export const DevModeResponse = z.object({ devMode: z.boolean() });
export type DevModeResponse = z.infer<typeof DevModeResponse>;
