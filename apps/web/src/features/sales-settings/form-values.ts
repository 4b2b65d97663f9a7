import { type Problem, type SalesSettings, SalesSettingsUpdate } from '@cm/contract';

/** What the settings form holds: text as typed, turned into a SalesSettingsUpdate only on save. */
export type SettingsFormValues = {
  subdomain: string;
  /** A new token as typed; empty keeps the stored one. */
  token: string;
  /** "Remove token" was pressed: the save sends `token: null`. */
  removeToken: boolean;
  /** Pipeline ids as text, as the checkboxes hold them; none means every pipeline. */
  includedPipelineIds: string[];
  paymentMethodFieldId: string | null;
  /** A number, or '' while the box is empty. */
  syncIntervalMinutes: number | string;
  timeZone: string;
  currency: string;
};

export type SettingsField = keyof SettingsFormValues;

/** Message keys of the `sales-settings` namespace by field. */
export type SettingsFieldErrors = Partial<Record<SettingsField, string>>;

export function valuesOf(settings: SalesSettings): SettingsFormValues {
  return {
    subdomain: settings.subdomain ?? '',
    token: '',
    removeToken: false,
    includedPipelineIds: settings.includedPipelineIds.map(String),
    paymentMethodFieldId: settings.paymentMethodFieldId === null ? null : String(settings.paymentMethodFieldId),
    syncIntervalMinutes: settings.syncIntervalMinutes,
    timeZone: settings.timeZone,
    currency: settings.currency,
  };
}

/** The values in a form that compares equal whenever nothing a save would send differs. */
export function comparable(values: SettingsFormValues): string {
  return JSON.stringify({
    ...values,
    subdomain: values.subdomain.trim(),
    token: values.token.trim(),
    includedPipelineIds: [...values.includedPipelineIds].sort(),
    currency: values.currency.trim().toUpperCase(),
  });
}

function messageOf(field: SettingsField, code: string): string {
  if (code === 'token_required') return 'validation.tokenRequired';
  if (code === 'address_not_public') return 'validation.addressNotPublic';
  switch (field) {
    case 'subdomain':
      return 'validation.address';
    case 'token':
      return 'validation.token';
    case 'syncIntervalMinutes':
      return 'validation.interval';
    case 'timeZone':
      // The contract checks the zone with the browser's list; `custom` from the server: the database does not know it.
      return code === 'custom' ? 'validation.timeZoneUnknown' : 'validation.timeZone';
    case 'currency':
      return 'validation.currency';
    default:
      return 'validation.invalid';
  }
}

const FIELDS = new Set<string>([
  'subdomain',
  'token',
  'includedPipelineIds',
  'paymentMethodFieldId',
  'syncIntervalMinutes',
  'timeZone',
  'currency',
]);

function fieldOf(path: readonly PropertyKey[]): SettingsField | null {
  const first = String(path[0] ?? '');
  return FIELDS.has(first) ? (first as SettingsField) : null;
}

/**
 * Checks the values with the contract's SalesSettingsUpdate schema and converts them: the token is sent
 * only when one was typed (kept otherwise) or removed (null); `errors` is empty when `input` is set.
 */
export function toInput(values: SettingsFormValues): {
  input: SalesSettingsUpdate | null;
  errors: SettingsFieldErrors;
} {
  const typedToken = values.token.trim();
  const candidate: SalesSettingsUpdate = {
    subdomain: values.subdomain.trim() === '' ? null : values.subdomain,
    ...(values.removeToken ? { token: null } : typedToken !== '' ? { token: typedToken } : {}),
    includedPipelineIds: values.includedPipelineIds.map(Number),
    paymentMethodFieldId: values.paymentMethodFieldId === null ? null : Number(values.paymentMethodFieldId),
    syncIntervalMinutes: typeof values.syncIntervalMinutes === 'number' ? values.syncIntervalMinutes : Number.NaN,
    timeZone: values.timeZone,
    currency: values.currency,
  };
  const parsed = SalesSettingsUpdate.safeParse(candidate);
  if (parsed.success) return { input: candidate, errors: {} };
  const errors: SettingsFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (field) errors[field] ??= messageOf(field, issue.code);
  }
  return { input: null, errors };
}

/** Field messages from a refused save: the server's field errors by their path (`body.token`, `body.timeZone`). */
export function serverFieldErrors(problem: Problem | undefined): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const error of problem?.errors ?? []) {
    const field = fieldOf(error.path.replace(/^body\.?/, '').split('.'));
    if (field) errors[field] ??= messageOf(field, error.code);
  }
  return errors;
}
