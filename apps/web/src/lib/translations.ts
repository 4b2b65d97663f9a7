import {
  AWARD_WORDS,
  type Locale,
  MANAGEMENT_TYPE_WORDS,
  MOVEMENT_ORIGIN_WORDS,
  MOVEMENT_TYPE_WORDS,
  TIER_MODE_WORDS,
  UNIT_NAMES,
  UNIT_SYMBOLS,
  UNTITLED_LEAD_WORDS,
} from '@cm/contract';

export type Namespaces = Record<string, Record<string, unknown>>;

/** The catalogue files of a language by namespace: `../../locales/en/stock.json` is "stock". */
export function byNamespace(files: Record<string, Record<string, unknown>>): Namespaces {
  return Object.fromEntries(
    Object.entries(files).map(([file, words]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), words]),
  );
}

/**
 * The "domain" namespace: the contract's own words (movement types, units, management types, tier modes, awards),
 * which the server's exports write too, so that a screen and a file never name one thing two ways.
 */
export function domainWords(locale: Locale): Record<string, unknown> {
  const inLocale = (words: Record<string, Record<Locale, string>>) =>
    Object.fromEntries(Object.entries(words).map(([key, word]) => [key, word[locale]]));
  const units = Object.entries(UNIT_SYMBOLS).flatMap(([unit, symbol]) =>
    // English says "1 set", "2 sets" (i18next's plural keys); a Russian abbreviation stays as it is.
    locale === 'en'
      ? [
          [`${unit}_one`, symbol.en.one],
          [`${unit}_other`, symbol.en.other],
        ]
      : [[unit, symbol.ru]],
  );
  return {
    movementTypes: inLocale(MOVEMENT_TYPE_WORDS),
    movementOrigins: inLocale(MOVEMENT_ORIGIN_WORDS),
    units: Object.fromEntries(units),
    unitNames: inLocale(UNIT_NAMES),
    managementTypes: inLocale(MANAGEMENT_TYPE_WORDS),
    tierModes: inLocale(TIER_MODE_WORDS),
    awards: inLocale(AWARD_WORDS),
    untitledLead: UNTITLED_LEAD_WORDS[locale],
  };
}
