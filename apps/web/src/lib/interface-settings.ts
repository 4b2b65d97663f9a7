/** Interface settings kept in localStorage under the keys PRODUCT.md §3 fixes. */
export type ThemeSetting = 'light' | 'dark' | 'system';
export type Locale = 'en' | 'ru';

const DEFAULTS = {
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  rtlClass: 'ltr',
  animation: 'fade',
  navbar: 'navbar-sticky',
  semidark: 'false',
  i18n_locale: 'en',
} as const;

type SettingKey = keyof typeof DEFAULTS;

export const LOCALES: readonly Locale[] = ['en', 'ru'];

export function readSetting(key: SettingKey): string {
  try {
    return localStorage.getItem(key) ?? DEFAULTS[key];
  } catch {
    return DEFAULTS[key];
  }
}

export function writeSetting(key: SettingKey, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled; the setting then lasts for this page only.
  }
}

/** Writes the defaults of settings not yet stored, so every key is present from the first visit on. */
export function initialiseSettings(): void {
  try {
    for (const key of Object.keys(DEFAULTS) as SettingKey[]) {
      if (localStorage.getItem(key) === null) writeSetting(key, DEFAULTS[key]);
    }
  } catch {
    // Storage disabled: the defaults apply without being stored.
  }
}

export function readLocale(): Locale {
  const stored = readSetting('i18n_locale');
  return (LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : 'en';
}

export function readTheme(): ThemeSetting {
  const stored = readSetting('theme');
  return stored === 'dark' || stored === 'system' ? stored : 'light';
}
