import type { SignedInUser } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { accountChange, accountDirty, accountValuesOf } from './account-form';

const USER: SignedInUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'anna@example.com',
  name: 'Anna Petrova',
  role: 'manager',
  avatar: '/avatars/default.svg',
  amoId: null,
  managementType: null,
  currentDepartment: null,
  departments: [],
  socialProfiles: { telegram: 'anna_p', whatsapp: '+79123456789', vk: null, linkedin: 'anna-petrova' },
  locale: 'en',
  theme: 'light',
  mustChangePassword: false,
  mustSetUpTwoFactor: false,
};

describe('the profile settings form', () => {
  it('shows each saved profile as people write it, and reads it back unchanged', () => {
    const values = accountValuesOf(USER);
    expect(values.social).toEqual({
      telegram: '@anna_p',
      whatsapp: '+79123456789',
      vk: '',
      linkedin: 'linkedin.com/in/anna-petrova',
    });
    expect(accountDirty(values, values)).toBe(false);
    expect(accountChange(values)).toEqual({
      change: {
        name: 'Anna Petrova',
        locale: 'en',
        theme: 'light',
        socialProfiles: { ...USER.socialProfiles },
      },
    });
  });

  it('sends what was typed in its canonical form, the same the server stores', () => {
    const values = accountValuesOf(USER);
    const typed = {
      ...values,
      name: '  Anna P.  ',
      social: { telegram: 'https://t.me/Anna_P', whatsapp: '+7 (912) 345-67-89', vk: 'vk.com/Anna.P', linkedin: '' },
    };
    expect(accountDirty(typed, values)).toBe(true);
    expect(accountChange(typed)).toEqual({
      change: {
        name: 'Anna P.',
        locale: 'en',
        theme: 'light',
        socialProfiles: { telegram: 'anna_p', whatsapp: '+79123456789', vk: 'anna.p', linkedin: null },
      },
    });
  });

  it('names each field it refuses', () => {
    const values = accountValuesOf(USER);
    const typed = {
      ...values,
      name: ' ',
      social: { telegram: '@a', whatsapp: '8 912 345 67 89', vk: 'vk.com/anna.p', linkedin: 'linkedin.com/company/x' },
    };
    expect(accountChange(typed)).toEqual({
      errors: {
        name: 'nameRequired',
        'social.telegram': 'socialInvalid',
        'social.whatsapp': 'socialInvalid',
        'social.linkedin': 'socialInvalid',
      },
    });
    expect(accountChange({ ...values, name: 'x'.repeat(201) })).toEqual({ errors: { name: 'nameTooLong' } });
  });
});
