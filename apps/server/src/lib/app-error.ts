import { STATUS_CODES } from 'node:http';
import type { ErrorCode, FieldError, Problem } from '@cm/contract';

/** HTTP status and English fallback text of every error code; clients localize by `code`. */
const ERRORS: Record<ErrorCode, { status: number; detail: string }> = {
  VALIDATION_FAILED: { status: 400, detail: 'The request has invalid or missing fields.' },
  MALFORMED_JSON: { status: 400, detail: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, detail: 'The request body has an unsupported content type.' },
  PAYLOAD_TOO_LARGE: { status: 413, detail: 'The request body is too large.' },
  NOT_FOUND: { status: 404, detail: 'Nothing was found at this address.' },
  METHOD_NOT_ALLOWED: { status: 405, detail: 'This method is not allowed here.' },
  UNAUTHENTICATED: { status: 401, detail: 'Sign in to continue.' },
  ACCESS_TOKEN_INVALID: { status: 401, detail: 'The session is no longer valid; refresh it or sign in again.' },
  INVALID_CREDENTIALS: { status: 401, detail: 'The email or password is incorrect.' },
  TOO_MANY_SIGN_IN_ATTEMPTS: { status: 429, detail: 'Too many failed sign-in attempts; try again later.' },
  REFRESH_TOKEN_INVALID: { status: 401, detail: 'The session has ended; sign in again.' },
  FORBIDDEN: { status: 403, detail: 'You do not have access to this.' },
  NOT_A_DEPARTMENT_MEMBER: { status: 403, detail: 'You are not a member of that department.' },
  NO_CURRENT_DEPARTMENT: { status: 403, detail: 'Choose a department to work in first.' },
  RATE_LIMITED: { status: 429, detail: 'Too many requests; slow down.' },
  SKU_TAKEN: { status: 409, detail: 'Another component already has this SKU.' },
  NAME_TAKEN: { status: 409, detail: 'Another entry at this level already has this name.' },
  PARENT_INVALID: { status: 422, detail: 'An entry cannot be placed under itself or one of its descendants.' },
  CATEGORY_NOT_EMPTY: { status: 409, detail: 'The category still holds components or subcategories.' },
  LOCATION_NOT_EMPTY: { status: 409, detail: 'The location still holds stock, sublocations or movements.' },
  COMPONENT_IN_USE: { status: 409, detail: 'The component has movements; archive it instead.' },
  COMPONENT_ARCHIVED: { status: 409, detail: 'The component is archived; restore it before moving stock.' },
  UNIT_IN_USE: { status: 409, detail: 'The component has movements counted in its unit; its unit cannot change.' },
  QUANTITY_NOT_WHOLE: { status: 422, detail: 'This unit is counted in whole numbers.' },
  QUANTITY_TOO_LARGE: { status: 422, detail: 'The resulting quantity would be too large.' },
  SAME_LOCATION: { status: 422, detail: 'Choose two different locations.' },
  ADJUSTMENT_UNCHANGED: { status: 422, detail: 'The counted quantity equals the recorded quantity.' },
  INSUFFICIENT_STOCK: { status: 409, detail: 'Not enough stock at the location.' },
  ALREADY_REVERSED: { status: 409, detail: 'This movement has already been reversed.' },
  REVERSAL_NOT_REVERSIBLE: { status: 409, detail: 'A reversal cannot itself be reversed.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, detail: 'This Idempotency-Key was already used with a different request.' },
  IMAGE_TYPE_NOT_ALLOWED: { status: 415, detail: 'Only PNG, JPEG, GIF and AVIF images are accepted.' },
  IMAGE_UNREADABLE: { status: 422, detail: 'The image is damaged or incomplete.' },
  IMAGE_TOO_LARGE: { status: 422, detail: 'The image is too large: at most 10 000 pixels a side and 40 megapixels.' },
  IMPORT_FILE_UNREADABLE: { status: 422, detail: 'The file is not a readable CSV or XLSX file.' },
  IMPORT_FILE_OVER_LIMITS: {
    status: 422,
    detail:
      'The file holds more than an import reads: at most 32 767 characters in a cell, 1 000 columns and 128 MiB per sheet unpacked.',
  },
  IMPORT_HAS_ERRORS: { status: 422, detail: 'The import has errors; nothing was imported.' },
  INTERNAL_ERROR: { status: 500, detail: 'Something went wrong on the server.' },
  SERVICE_UNAVAILABLE: { status: 503, detail: 'The service is temporarily unavailable.' },
  QUERY_TIMEOUT: { status: 503, detail: 'The list took too long to compute; try again or narrow the filters.' },
  AMOCRM_NOT_CONFIGURED: { status: 409, detail: 'Enter the amoCRM account and token in the sales settings first.' },
  AMOCRM_UNAVAILABLE: { status: 502, detail: 'amoCRM could not be reached or answered with an error.' },
  AMOCRM_TOKEN_INVALID: { status: 502, detail: 'amoCRM refused the token: it is invalid or expired.' },
  AMOCRM_ACCOUNT_UNPAID: {
    status: 502,
    detail: 'amoCRM says the account is not paid (402); its API is closed until it is.',
  },
  AMOCRM_ACCESS_DENIED: {
    status: 502,
    detail:
      "amoCRM denied access (403): the token's user lacks the rights for this, or amoCRM blocked the integration after too many requests.",
  },
  AMOCRM_RATE_LIMITED: { status: 502, detail: 'amoCRM asked to slow down (429); try again later.' },
  AMOCRM_USER_NOT_FOUND: { status: 404, detail: 'The amoCRM account has no user with this id.' },
  AMOCRM_USER_WITHOUT_EMAIL: {
    status: 422,
    detail:
      'amoCRM gives no usable e-mail for this user; a manager needs one to sign in. Link an existing manager instead.',
  },
  AMO_ID_TAKEN: { status: 409, detail: 'Another user already has this AMO ID.' },
  EMAIL_TAKEN: { status: 409, detail: 'A user with this e-mail already exists; link that user instead.' },
  USER_NOT_A_MANAGER: { status: 422, detail: 'Only a manager can be linked to an amoCRM user.' },
  SYNC_ALREADY_RUNNING: { status: 409, detail: 'A sync with amoCRM is already running.' },
  WEBHOOK_MALFORMED: { status: 400, detail: 'The webhook body is not a readable amoCRM notification.' },
  WEBHOOK_OTHER_ACCOUNT: {
    status: 422,
    detail: 'The webhook is from another amoCRM account than the one connected in the sales settings.',
  },
  BONUS_SCHEME_IN_EFFECT: {
    status: 409,
    detail: 'This version is in effect or past: months have been paid by it. Save a new version from a later month.',
  },
  NO_BONUS_SCHEME: {
    status: 422,
    detail: 'No bonus scheme of this management type is in effect for the month; an administrator sets one up.',
  },
  PLAN_REQUIRED: { status: 422, detail: 'Enter a plan above zero: the bonus is reckoned against the plan.' },
  MONTH_CLOSED: {
    status: 409,
    detail:
      'The month is closed and its figures are frozen; an administrator reopens it before anything in it changes.',
  },
  MONTH_NOT_ENDED: { status: 422, detail: 'Only a month that has ended can be closed.' },
  MONTH_HAS_NO_MANAGERS: {
    status: 422,
    detail: 'The department had no sales managers that month; there is nothing to close.',
  },
  PERIOD_INVALID: {
    status: 422,
    detail: 'Choose a period whose first day is not after its last, of at most 366 days.',
  },
  // 422, not 401: the caller is signed in, and a 401 would make the client refresh and retry the guess.
  CURRENT_PASSWORD_INCORRECT: { status: 422, detail: 'The current password is incorrect.' },
  CANNOT_DEACTIVATE_SELF: { status: 409, detail: 'You cannot deactivate your own account.' },
  CANNOT_DEMOTE_SELF: { status: 409, detail: 'You cannot take the administrator role away from yourself.' },
  LAST_ADMINISTRATOR: {
    status: 409,
    detail: 'This is the last active administrator; make someone else an administrator first.',
  },
  DEPARTMENT_NAME_TAKEN: { status: 409, detail: 'Another department, maybe an archived one, already has this name.' },
  DEPARTMENT_HOLDS_STOCK: {
    status: 409,
    detail: 'The department still holds stock; issue or transfer it away before archiving the department.',
  },
  DEPARTMENT_HAS_MEMBERS: {
    status: 409,
    detail: 'Some members belong to no other department; give them another department before archiving this one.',
  },
  DEPARTMENT_ARCHIVED: { status: 409, detail: 'The department is archived; an administrator restores it first.' },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    detail: 'Set a new password first: the account was given a temporary one.',
  },
  CANNOT_SET_OWN_TEMPORARY_PASSWORD: {
    status: 409,
    detail: 'You cannot give yourself a temporary password; change your password in your profile.',
  },
  USER_DEACTIVATED: { status: 409, detail: 'The user is deactivated; reactivate them first.' },
  SECOND_FACTOR_REQUIRED: { status: 401, detail: 'Enter the code of your authenticator app or a recovery code.' },
  SECOND_FACTOR_INVALID: { status: 401, detail: 'The code is wrong, expired or already used.' },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    detail: 'Turn on two-factor sign-in first: the security policy requires it of administrators.',
  },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, detail: 'Two-factor sign-in is already on.' },
  TWO_FACTOR_NOT_SET_UP: { status: 409, detail: 'Start the two-factor setup again: there is no secret to confirm.' },
  TWO_FACTOR_NOT_ENABLED: { status: 409, detail: 'Two-factor sign-in is off.' },
  TWO_FACTOR_CODE_INCORRECT: { status: 422, detail: 'The code does not match; check the time on your phone.' },
  TWO_FACTOR_REQUIRED: {
    status: 409,
    detail: 'The security policy requires two-factor sign-in of administrators; it cannot be turned off.',
  },
  CANNOT_RESET_OWN_TWO_FACTOR: {
    status: 409,
    detail: 'You cannot reset your own two-factor sign-in here; turn it off in your profile.',
  },
  MAINTENANCE: {
    status: 503,
    detail: 'The system is under maintenance; GET /api/maintenance says what for and until when.',
  },
};

/** The one way to fail a request on purpose: a stable code, its status, and optional details. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: {
      detail?: string;
      errors?: FieldError[];
      retryAfterSeconds?: number;
      available?: string;
      members?: number;
    } = {},
  ) {
    super(params.detail ?? ERRORS[code].detail);
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }
}

/** Builds a problem document for a code; `detail` overrides the default English text. */
export function problemOf(code: ErrorCode, extra: Partial<Problem> = {}): Problem {
  const { status, detail } = ERRORS[code];
  // The title names the status the problem is answered with, also when `extra` overrides the code's own.
  const answered = extra.status ?? status;
  return {
    type: 'about:blank',
    title: STATUS_CODES[answered] ?? 'Error',
    status: answered,
    detail,
    code,
    ...extra,
  };
}
