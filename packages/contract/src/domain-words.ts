import type { Locale } from './lists.js';
import type { MovementOrigin, MovementType } from './movements.js';
import type { Unit } from './quantities.js';

// The product's own words in both languages, in one catalogue: the screens take them into their translations
// (apps/web/src/app/screen-translations) and the server writes them into the files people read (exports).

export const MOVEMENT_TYPE_WORDS: Record<MovementType, Record<Locale, string>> = {
  receipt: { en: 'Receipt', ru: 'Приход' },
  issue: { en: 'Issue', ru: 'Выдача' },
  transfer: { en: 'Transfer', ru: 'Перемещение' },
  adjustment: { en: 'Adjustment', ru: 'Корректировка' },
  reversal: { en: 'Reversal', ru: 'Сторно' },
};

/** What a movement that no document caused is called where its reference would be. */
export const MOVEMENT_ORIGIN_WORDS: Record<MovementOrigin, Record<Locale, string>> = {
  'opening-balance': { en: 'Opening balance', ru: 'Начальный остаток' },
};

/**
 * A unit after a number: in English by the number's plural form ("1 set", "2 sets"), in Russian as the
 * abbreviation, which no number changes ("1 компл.", "5 компл.").
 */
export const UNIT_SYMBOLS: Record<Unit, { en: { one: string; other: string }; ru: string }> = {
  pcs: { en: { one: 'pcs', other: 'pcs' }, ru: 'шт.' },
  set: { en: { one: 'set', other: 'sets' }, ru: 'компл.' },
  pack: { en: { one: 'pack', other: 'packs' }, ru: 'уп.' },
  reel: { en: { one: 'reel', other: 'reels' }, ru: 'кат.' },
  m: { en: { one: 'm', other: 'm' }, ru: 'м' },
  kg: { en: { one: 'kg', other: 'kg' }, ru: 'кг' },
  g: { en: { one: 'g', other: 'g' }, ru: 'г' },
  l: { en: { one: 'L', other: 'L' }, ru: 'л' },
  ml: { en: { one: 'mL', other: 'mL' }, ru: 'мл' },
};

/** A unit by name, as a list of units to choose from shows it. */
export const UNIT_NAMES: Record<Unit, Record<Locale, string>> = {
  pcs: { en: 'Pieces (pcs)', ru: 'Штуки (шт.)' },
  set: { en: 'Sets', ru: 'Комплекты' },
  pack: { en: 'Packs', ru: 'Упаковки' },
  reel: { en: 'Reels', ru: 'Катушки' },
  m: { en: 'Metres (m)', ru: 'Метры (м)' },
  kg: { en: 'Kilograms (kg)', ru: 'Килограммы (кг)' },
  g: { en: 'Grams (g)', ru: 'Граммы (г)' },
  l: { en: 'Litres (l)', ru: 'Литры (л)' },
  ml: { en: 'Millilitres (ml)', ru: 'Миллилитры (мл)' },
};

export const YES_NO_WORDS: Record<Locale, { yes: string; no: string }> = {
  en: { yes: 'yes', no: 'no' },
  ru: { yes: 'да', no: 'нет' },
};
