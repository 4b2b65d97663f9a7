import { z } from 'zod';

/**
 * Stable machine-readable error codes. Clients map them to localized messages, so a code is never
 * renamed or reused for another meaning once released.
 */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHENTICATED',
  'ACCESS_TOKEN_INVALID',
  'INVALID_CREDENTIALS',
  'TOO_MANY_SIGN_IN_ATTEMPTS',
  'REFRESH_TOKEN_INVALID',
  'FORBIDDEN',
  'NOT_A_DEPARTMENT_MEMBER',
  'NO_CURRENT_DEPARTMENT',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One problem of a request field, as listed in `Problem.errors`. */
export const FieldError = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. `body.email`'),
  message: z.string(),
  code: z.string().describe('Validation rule that failed, e.g. `invalid_format`, `too_small`'),
});
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, extended with the stable `code` and optional field errors. */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: ErrorCode,
    errors: z.array(FieldError).optional(),
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;
