import { PASSWORD_MAX_LENGTH, PasswordChange } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './password-change-values';

const TEMPORARY = 'k7mp-3xwq-h9tz-r4bn';

describe('checkPasswordChange', () => {
  it('accepts what the server accepts: a repeated new password of the right length that differs', () => {
    const values = { currentPassword: TEMPORARY, newPassword: 'my own password', confirmation: 'my own password' };
    expect(checkPasswordChange(values)).toEqual({});
    const { confirmation: _repeated, ...change } = values;
    expect(PasswordChange.safeParse(change).success).toBe(true);
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'my own password', confirmation: 'my own password' },
      'currentPassword',
      'currentRequired',
    ],
    [{ currentPassword: TEMPORARY, newPassword: 'short', confirmation: 'short' }, 'newPassword', 'newTooShort'],
    [
      {
        currentPassword: TEMPORARY,
        newPassword: 'x'.repeat(PASSWORD_MAX_LENGTH + 1),
        confirmation: 'x'.repeat(PASSWORD_MAX_LENGTH + 1),
      },
      'newPassword',
      'newTooLong',
    ],
    [
      { currentPassword: TEMPORARY, newPassword: TEMPORARY, confirmation: TEMPORARY },
      'newPassword',
      'newSameAsCurrent',
    ],
    [
      { currentPassword: TEMPORARY, newPassword: 'my own password', confirmation: 'my own passwort' },
      'confirmation',
      'confirmationDiffers',
    ],
  ] as const)('refuses %j at %s with %s', (values, field, key) => {
    expect(checkPasswordChange(values)[field]).toBe(key);
  });
});
