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
  'SKU_TAKEN',
  'NAME_TAKEN',
  'PARENT_INVALID',
  'CATEGORY_NOT_EMPTY',
  'LOCATION_NOT_EMPTY',
  'COMPONENT_IN_USE',
  'COMPONENT_ARCHIVED',
  'UNIT_IN_USE',
  'QUANTITY_NOT_WHOLE',
  'QUANTITY_TOO_LARGE',
  'SAME_LOCATION',
  'ADJUSTMENT_UNCHANGED',
  'INSUFFICIENT_STOCK',
  'ALREADY_REVERSED',
  'REVERSAL_NOT_REVERSIBLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_LARGE',
  'IMPORT_FILE_UNREADABLE',
  'IMPORT_FILE_OVER_LIMITS',
  'IMPORT_HAS_ERRORS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'QUERY_TIMEOUT',
  'AMOCRM_NOT_CONFIGURED',
  'AMOCRM_UNAVAILABLE',
  'AMOCRM_TOKEN_INVALID',
  'AMOCRM_ACCOUNT_UNPAID',
  'AMOCRM_ACCESS_DENIED',
  'AMOCRM_RATE_LIMITED',
  'AMOCRM_USER_NOT_FOUND',
  'AMOCRM_USER_WITHOUT_EMAIL',
  'AMO_ID_TAKEN',
  'EMAIL_TAKEN',
  'USER_NOT_A_MANAGER',
  'SYNC_ALREADY_RUNNING',
  'WEBHOOK_MALFORMED',
  'WEBHOOK_OTHER_ACCOUNT',
  'BONUS_SCHEME_IN_EFFECT',
  'NO_BONUS_SCHEME',
  'PLAN_REQUIRED',
  'MONTH_CLOSED',
  'MONTH_NOT_ENDED',
  'MONTH_HAS_NO_MANAGERS',
  'PERIOD_INVALID',
  'CURRENT_PASSWORD_INCORRECT',
  'CANNOT_DEACTIVATE_SELF',
  'CANNOT_DEMOTE_SELF',
  'LAST_ADMINISTRATOR',
  'DEPARTMENT_NAME_TAKEN',
  'DEPARTMENT_HOLDS_STOCK',
  'DEPARTMENT_HAS_MEMBERS',
  'DEPARTMENT_ARCHIVED',
  'PASSWORD_CHANGE_REQUIRED',
  'CANNOT_SET_OWN_TEMPORARY_PASSWORD',
  'USER_DEACTIVATED',
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_SET_UP',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_CODE_INCORRECT',
  'TWO_FACTOR_REQUIRED',
  'CANNOT_RESET_OWN_TWO_FACTOR',
  'MAINTENANCE',
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
    errorId: z
      .string()
      .optional()
      .describe('5xx: the id of this error in the server log (its `errorId`), for a user to quote to an administrator'),
    available: z.string().optional().describe('INSUFFICIENT_STOCK: the quantity available at the location'),
    members: z
      .number()
      .int()
      .optional()
      .describe('DEPARTMENT_HAS_MEMBERS: how many of its members belong to no other department that is not archived'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;
