import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, readLocale, writeSetting } from '../lib/interface-settings';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import ruAuth from '../locales/ru/auth.json';
import ruCommon from '../locales/ru/common.json';
import ruErrors from '../locales/ru/errors.json';

export const resources = {
  en: { common: enCommon, auth: enAuth, errors: enErrors },
  ru: { common: ruCommon, auth: ruAuth, errors: ruErrors },
} as const;

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: readLocale(),
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  writeSetting('i18n_locale', locale);
  document.documentElement.lang = locale;
}
