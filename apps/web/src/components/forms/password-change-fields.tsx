import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cm/contract';
import { Alert, PasswordInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import type { PasswordChangeErrors, PasswordChangeValues } from './password-change-values';

/**
 * The fields of a password change (the profile's, and "Set a new password" after a temporary one): the current
 * password, the new one and its repetition, with the server's refusal above them. A wrong current password is said at
 * its field; any other refusal above the form. `t` reads the screen's own words: the labels `current`, `new`, `newHint`
 * and `confirmation` under `prefix`, and the messages under `validation`.
 */
export function PasswordChangeFields({
  t,
  prefix,
  values,
  errors,
  error,
  onChange,
  autoFocus = false,
}: {
  t: TFunction;
  /** Where the screen keeps the fields' labels in its namespace: `""` or `"password."`, say. */
  prefix: string;
  values: PasswordChangeValues;
  errors: PasswordChangeErrors;
  /** What the server answered to the last attempt, if it refused it. */
  error: unknown;
  onChange: (key: keyof PasswordChangeValues, value: string) => void;
  autoFocus?: boolean;
}) {
  const { t: common } = useTranslation('common');
  const message = (key: keyof PasswordChangeValues) =>
    errors[key] && t(`validation.${errors[key]}`, { count: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  const refusedAbove = error && !(error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT');
  const toggle = { 'aria-label': common('header.togglePasswordVisibility') };
  // Mantine's PasswordInput marks an error with `data-invalid` only: `aria-invalid` tells screen readers, and lets
  // useFocusFirstInvalid find the field.
  return (
    <>
      {refusedAbove && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(t, error)}
        </Alert>
      )}
      <PasswordInput
        label={t(`${prefix}current`)}
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(event) => onChange('currentPassword', event.currentTarget.value)}
        error={message('currentPassword')}
        aria-invalid={Boolean(message('currentPassword'))}
        withAsterisk
        autoFocus={autoFocus}
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t(`${prefix}new`)}
        description={t(`${prefix}newHint`, { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => onChange('newPassword', event.currentTarget.value)}
        error={message('newPassword')}
        aria-invalid={Boolean(message('newPassword'))}
        withAsterisk
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        label={t(`${prefix}confirmation`)}
        autoComplete="new-password"
        value={values.confirmation}
        onChange={(event) => onChange('confirmation', event.currentTarget.value)}
        error={message('confirmation')}
        aria-invalid={Boolean(message('confirmation'))}
        withAsterisk
        visibilityToggleButtonProps={toggle}
      />
    </>
  );
}
