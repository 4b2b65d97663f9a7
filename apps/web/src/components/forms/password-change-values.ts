import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cm/contract';

/** A password change as a form holds it (the profile's, and "Set a new password" after a temporary one): the current
 * password, the new one and its repetition. */
export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmation: string };

/** Keys of the forms' `validation` words, not messages: switching language re-translates errors already shown. */
export type PasswordChangeErrors = Partial<
  Record<
    keyof PasswordChangeValues,
    'currentRequired' | 'currentIncorrect' | 'newTooShort' | 'newTooLong' | 'newSameAsCurrent' | 'confirmationDiffers'
  >
>;

export const NO_PASSWORDS: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmation: '' };

/** The rules of the contract's PasswordChange, plus the repetition, which only the screen knows. */
export function checkPasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (values.currentPassword === '') errors.currentPassword = 'currentRequired';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'newTooShort';
  else if (values.newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'newTooLong';
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'newSameAsCurrent';
  if (values.confirmation !== values.newPassword) errors.confirmation = 'confirmationDiffers';
  return errors;
}
