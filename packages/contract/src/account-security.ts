import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.js';

// Account security (issue 26): the temporary password an administrator gives a user, which must be changed at the
// next sign-in, and the sessions a person sees and ends on the Security tab of their profile.

/** A temporary password for a user: typed by the administrator, or left out for the server to generate one. */
export const TemporaryPasswordRequest = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      .max(PASSWORD_MAX_LENGTH)
      .optional()
      .describe('Left out: the server generates a strong, readable one'),
  })
  .strict()
  .meta({ id: 'TemporaryPasswordRequest' });
export type TemporaryPasswordRequest = z.input<typeof TemporaryPasswordRequest>;

export const TemporaryPasswordResponse = z
  .object({
    password: z
      .string()
      .describe('The temporary password, answered this once: the server keeps only its hash and never audits it'),
  })
  .meta({ id: 'TemporaryPasswordResponse' });
export type TemporaryPasswordResponse = z.infer<typeof TemporaryPasswordResponse>;

/** One signed-in session (a sign-in and the token refreshes descending from it) of the caller's own account. */
export const AccountSession = z
  .object({
    id: z.uuid().describe('The session (refresh-token family)'),
    browser: z.string().nullable().describe('Browser and major version read from its User-Agent; null when unknown'),
    operatingSystem: z.string().nullable().describe('Operating system read from its User-Agent; null when unknown'),
    ip: z.string().nullable().describe('The address the session last refreshed from (or signed in from)'),
    signedInAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).describe('When its tokens were last issued: sign-in or refresh'),
    current: z.boolean().describe('The session making this request'),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionList = z
  .object({ items: z.array(AccountSession).describe('Live sessions, the current one first, then the last used first') })
  .meta({ id: 'AccountSessionList' });
export type AccountSessionList = z.infer<typeof AccountSessionList>;

export const OtherSessionsSignedOut = z
  .object({ count: z.number().int().min(0).describe('How many sessions ended') })
  .meta({ id: 'OtherSessionsSignedOut' });
export type OtherSessionsSignedOut = z.infer<typeof OtherSessionsSignedOut>;
