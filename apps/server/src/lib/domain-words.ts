import type { Locale, MovementOrigin, MovementType, Unit } from '@cm/contract';

// The product's words as the server writes them into files people read (exports, import templates), in
// both languages. The screens have the same words in their own catalogue (apps/web/src/locales).

const UNIT_WORDS: Record<Unit, Record<Locale, string>> = {
  pcs: { en: 'pcs', ru: 'шт.' },
  set: { en: 'set', ru: 'компл.' },
  pack: { en: 'pack', ru: 'уп.' },
  reel: { en: 'reel', ru: 'кат.' },
  m: { en: 'm', ru: 'м' },
  kg: { en: 'kg', ru: 'кг' },
  g: { en: 'g', ru: 'г' },
  l: { en: 'l', ru: 'л' },
  ml: { en: 'ml', ru: 'мл' },
};

const MOVEMENT_TYPE_WORDS: Record<MovementType, Record<Locale, string>> = {
  receipt: { en: 'Receipt', ru: 'Приход' },
  issue: { en: 'Issue', ru: 'Выдача' },
  transfer: { en: 'Transfer', ru: 'Перемещение' },
  adjustment: { en: 'Adjustment', ru: 'Корректировка' },
  reversal: { en: 'Reversal', ru: 'Сторно' },
};

const MOVEMENT_ORIGIN_WORDS: Record<MovementOrigin, Record<Locale, string>> = {
  'opening-balance': { en: 'Opening balance', ru: 'Начальный остаток' },
};

const YES_NO: Record<Locale, [string, string]> = { en: ['yes', 'no'], ru: ['да', 'нет'] };

/** A unit of measure as a file in that language writes it: the code in English ("pcs"), "шт." in Russian. */
export function unitWord(unit: Unit, lang: Locale): string {
  return UNIT_WORDS[unit][lang];
}

export function movementTypeWord(type: MovementType, lang: Locale): string {
  return MOVEMENT_TYPE_WORDS[type][lang];
}

export function movementOriginWord(origin: MovementOrigin, lang: Locale): string {
  return MOVEMENT_ORIGIN_WORDS[origin][lang];
}

/** A yes/no cell in the file's language. */
export function yesNo(value: boolean, lang: Locale): string {
  return YES_NO[lang][value ? 0 : 1];
}

/**
 * Units as people write them in either language, lower-cased, mapped to the unit codes: every word above
 * (so that a file exported in Russian imports as it is), each also without its full stop, and whole words.
 */
export const UNIT_ALIASES: Readonly<Record<string, Unit>> = {
  ...Object.fromEntries(
    Object.entries(UNIT_WORDS).flatMap(([unit, words]) =>
      Object.values(words).flatMap((word) => [
        [word.toLowerCase(), unit],
        [word.toLowerCase().replace(/\.$/, ''), unit],
      ]),
    ),
  ),
  катушка: 'reel',
};
