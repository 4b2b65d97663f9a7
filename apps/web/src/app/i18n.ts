import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, readLocale, writeSetting } from '../lib/interface-settings';
import type { Namespaces } from '../lib/translations';

/**
 * What the first screen needs, one chunk per language: the shell, sign-in and the error messages it can meet. A page
 * downloads only its own language's (a change of language fetches the other). Every other namespace, and the error
 * messages only signed-in screens meet, come with the screens' translations (screenTranslations below).
 */
const SHELL_TRANSLATIONS: Record<Locale, () => Promise<{ default: Namespaces }>> = {
  en: () => import('./shell-translations/en'),
  ru: () => import('./shell-translations/ru'),
};

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

/** Adds a language's shell words; i18next keeps them, so asking again for a language it has is free. */
async function shellTranslations(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'common')) return;
  const { default: namespaces } = await SHELL_TRANSLATIONS[locale]();
  for (const [namespace, catalogue] of Object.entries(namespaces)) {
    i18next.addResourceBundle(locale, namespace, catalogue, true, true);
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const locale = readLocale();
  const { default: shell } = await SHELL_TRANSLATIONS[locale]();
  await i18next.use(initReactI18next).init({
    resources: { [locale]: shell },
    partialBundledLanguages: true,
    lng: locale,
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
  await Promise.all([shellTranslations(locale), screensLoaded.size > 0 ? screenTranslations(locale) : undefined]);
  await i18next.changeLanguage(locale);
  writeSetting('i18n_locale', locale);
  document.documentElement.lang = locale;
}
