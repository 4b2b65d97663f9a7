import {
  type ManagedUser,
  type ManagementType,
  PASSWORD_MIN_LENGTH,
  type Problem,
  type Role,
  UserChange,
  UserCreate,
} from '@cm/contract';

/** What the form holds: text as typed, converted to the contract's input only on submit. */
export type UserFormValues = {
  name: string;
  email: string;
  role: Role;
  departmentIds: string[];
  /** Digits as typed; blank for none. */
  amoId: string;
  managementType: ManagementType | null;
  /** Only when creating a user. */
  password: string;
  /** Only when creating a user: the password must be replaced at the first sign-in. */
  temporaryPassword: boolean;
};

/** A message key of the `users` namespace (or `errors:CODE`) with its parameters. */
export type FieldMessage = { key: string; values?: Record<string, string | number> };
export type FieldErrors = Partial<Record<keyof UserFormValues, FieldMessage>>;

export function emptyUserValues(departmentIds: string[] = []): UserFormValues {
  return {
    name: '',
    email: '',
    role: 'worker',
    departmentIds,
    amoId: '',
    managementType: null,
    password: '',
    // An administrator who typed the password knows it: by default the person replaces it with their own.
    temporaryPassword: true,
  };
}

export function userValuesOf(user: ManagedUser): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    departmentIds: user.departments.map((department) => department.id),
    amoId: user.amoId === null ? '' : String(user.amoId),
    managementType: user.managementType,
    password: '',
    temporaryPassword: true,
  };
}

const FIELDS = new Set<keyof UserFormValues>([
  'name',
  'email',
  'role',
  'departmentIds',
  'amoId',
  'managementType',
  'password',
]);

function fieldOf(path: string): keyof UserFormValues | undefined {
  const first = path.split('.')[0] as keyof UserFormValues;
  return FIELDS.has(first) ? first : undefined;
}

/** The message for a failed rule of a field. */
function messageOf(field: keyof UserFormValues, code: string, maximum?: unknown): FieldMessage {
  if (field === 'password') return { key: 'validation.password', values: { count: PASSWORD_MIN_LENGTH } };
  if (field === 'departmentIds')
    return {
      key: code === 'not_found' || code === 'archived' ? 'validation.departmentGone' : 'validation.departments',
    };
  if (field === 'amoId') return { key: 'validation.amoId' };
  if (code === 'too_big' && typeof maximum === 'number')
    return { key: 'validation.tooLong', values: { count: maximum } };
  if (code === 'too_small') return { key: 'validation.required' };
  if (field === 'email') return { key: 'validation.email' };
  return { key: 'validation.invalid' };
}

/** Digits of an AMO ID as a number; null for a blank box; undefined for anything else. */
function parseAmoId(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,15}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value > 0 ? value : undefined;
}

/**
 * Checks the values with the contract's schema (UserCreate for a new user, UserChange for an edit) and converts
 * them; `errors` is empty when `input` is set.
 */
export function toUserInput(
  values: UserFormValues,
  creating: boolean,
): { input: UserCreate | UserChange | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amoId = parseAmoId(values.amoId);
  if (amoId === undefined) errors.amoId = { key: 'validation.amoId' };
  const candidate = {
    name: values.name,
    email: values.email,
    role: values.role,
    departmentIds: values.departmentIds,
    amoId: amoId ?? null,
    managementType: values.managementType,
    ...(creating && { password: values.password, temporaryPassword: values.temporaryPassword }),
  };
  const parsed = (creating ? UserCreate : UserChange).safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) errors[field] ??= messageOf(field, issue.code, (issue as { maximum?: unknown }).maximum);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors };
}

/** Field messages from a refused request: a taken e-mail or AMO ID, a refused role change, the server's field errors. */
export function serverUserErrors(code: string, problem: Problem | undefined): FieldErrors {
  if (code === 'EMAIL_TAKEN') return { email: { key: 'errors:EMAIL_TAKEN' } };
  if (code === 'AMO_ID_TAKEN') return { amoId: { key: 'errors:AMO_ID_TAKEN' } };
  if (code === 'CANNOT_DEMOTE_SELF' || code === 'LAST_ADMINISTRATOR') return { role: { key: `errors:${code}` } };
  const errors: FieldErrors = {};
  if (code === 'VALIDATION_FAILED') {
    for (const error of problem?.errors ?? []) {
      const field = fieldOf(error.path.replace(/^body\.?/, ''));
      if (field) errors[field] ??= messageOf(field, error.code);
    }
  }
  return errors;
}
