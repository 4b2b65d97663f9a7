import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, readLocale, writeSetting } from '../lib/interface-settings';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import ruAuth from '../locales/ru/auth.json';
import ruCommon from '../locales/ru/common.json';
import ruErrors from '../locales/ru/errors.json';
import type { Namespaces } from './screen-translations/namespaces';

/**
 * What the first screen needs in either language, bundled with the app: the shell, sign-in and the error
 * messages it can meet. Every other namespace, and the error messages only signed-in screens meet, come with the
 * screens' translations (screenTranslations below).
 */
const SHELL_RESOURCES = {
  en: { common: enCommon, auth: enAuth, errors: enErrors },
  ru: { common: ruCommon, auth: ruAuth, errors: ruErrors },
} as const;

/** Each language's screen namespaces, one chunk per language (app/screen-translations). */
const SCREEN_TRANSLATIONS: Record<Locale, () => Promise<{ default: Namespaces }>> = {
  en: () => import('./screen-translations/en'),
  ru: () => import('./screen-translations/ru'),
};

const screensLoaded = new Map<Locale, Promise<void>>();

/**
 * Adds the screens' words of a language, once: the signed-in layout waits for them before its first
 * render, and a change of language waits for the new one's.
 */
export function screenTranslations(locale: Locale): Promise<void> {
  let loaded = screensLoaded.get(locale);
  if (!loaded) {
    loaded = SCREEN_TRANSLATIONS[locale]().then(({ default: namespaces }) => {
      for (const [namespace, catalogue] of Object.entries(namespaces)) {
        i18next.addResourceBundle(locale, namespace, catalogue, true, true);
      }
    });
    // A failed download is tried again next time rather than remembered.
    loaded.catch(() => screensLoaded.delete(locale));
    screensLoaded.set(locale, loaded);
  }
  return loaded;
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: SHELL_RESOURCES,
    partialBundledLanguages: true,
    lng: readLocale(),
    // Both catalogues are complete (locales.test.ts): no language falls back to another.
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Words that arrive after a screen rendered (a change of language) render it again.
    react: { bindI18nStore: 'added' },
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  // Signed in, the screens need their words in the new language before it is shown.
  if (screensLoaded.size > 0) await screenTranslations(locale);
  await i18next.changeLanguage(locale);
  writeSetting('i18n_locale', locale);
  document.documentElement.lang = locale;
}
