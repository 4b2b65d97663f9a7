import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../lib/interface-settings';
import type { Namespaces } from '../../lib/translations';

const KIT_WORDS: Record<Locale, () => Promise<{ default: Namespaces }>> = {
  en: () => import('./words/en'),
  ru: () => import('./words/ru'),
};

const loaded = new Map<Locale, Promise<void>>();

/** Adds the UI kit's words of a language, once (a failed download is tried again next time). */
export function loadKitWords(locale: Locale): Promise<void> {
  let words = loaded.get(locale);
  if (!words) {
    words = KIT_WORDS[locale]().then(({ default: namespaces }) => {
      for (const [namespace, catalogue] of Object.entries(namespaces)) {
        i18next.addResourceBundle(locale, namespace, catalogue, true, true);
      }
    });
    words.catch(() => loaded.delete(locale));
    loaded.set(locale, words);
  }
  return words;
}

/**
 * Whether the kit's words of the active language are there, asking for them when they are not: a change of language
 * on a kit page fetches the other language's. The page renders again when they have arrived, whether they were added
 * before or after it began listening to i18next.
 */
export function useKitWords(): boolean {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [arrived, setArrived] = useState<Locale | null>(null);
  useEffect(() => {
    let current = true;
    void loadKitWords(locale).then(() => {
      if (current) setArrived(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return arrived === locale || i18n.hasResourceBundle(locale, 'kit');
}
