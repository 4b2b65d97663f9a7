import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { setPreferencesApplier } from '../lib/account-preferences';
import { changeLocale } from './i18n';
import { toScheme } from './theme';

/** Lends the screens the app's way of applying an account's language and theme (`lib/account-preferences`). */
export function AccountPreferencesApplier() {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setPreferencesApplier(async ({ locale, theme }) => {
      if (theme) setColorScheme(toScheme(theme));
      if (locale) await changeLocale(locale);
    });
  }, [setColorScheme]);
  return null;
}
