import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cm/contract';

/** What the "Set a new password" screen holds: the temporary password, the new one and its repetition. */
export type NewPasswordValues = { currentPassword: string; newPassword: string; confirmation: string };

/** Keys of `new-password:validation`, not messages: switching language re-translates errors already shown. */
export type NewPasswordErrors = Partial<
  Record<
    keyof NewPasswordValues,
    'currentRequired' | 'currentIncorrect' | 'newTooShort' | 'newTooLong' | 'newSameAsCurrent' | 'confirmationDiffers'
  >
>;

export const NO_PASSWORDS: NewPasswordValues = { currentPassword: '', newPassword: '', confirmation: '' };

/** The rules of the contract's PasswordChange, plus the repetition, which only the screen knows. */
export function checkNewPassword(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.currentPassword === '') errors.currentPassword = 'currentRequired';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'newTooShort';
  else if (values.newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'newTooLong';
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'newSameAsCurrent';
  if (values.confirmation !== values.newPassword) errors.confirmation = 'confirmationDiffers';
  return errors;
}
