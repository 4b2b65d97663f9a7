import type { TierMode } from './bonus.js';
import type { Locale } from './languages.js';
import type { AwardCode } from './leaderboard.js';
import type { MovementOrigin, MovementType } from './movements.js';
import type { Unit } from './quantities.js';
import type { ManagementType } from './users.js';

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

/** How a sales manager works: the management type that picks their bonus scheme. */
export const MANAGEMENT_TYPE_WORDS: Record<ManagementType, Record<Locale, string>> = {
  offline: { en: 'Offline', ru: 'Офлайн' },
  online: { en: 'Online', ru: 'Онлайн' },
  hybrid: { en: 'Hybrid', ru: 'Гибрид' },
};

/** How a bonus scheme counts its levels, by name (each screen explains it in its own words). */
export const TIER_MODE_WORDS: Record<TierMode, Record<Locale, string>> = {
  highest: { en: 'Highest level reached', ru: 'Высший достигнутый уровень' },
  marginal: { en: 'Marginal per band', ru: 'Прогрессивно по диапазонам' },
};

/** A month's awards by name, wherever they are shown (the leaderboard, a manager's profile). */
export const AWARD_WORDS: Record<AwardCode, Record<Locale, string>> = {
  planAchieved: { en: 'Plan achieved', ru: 'План выполнен' },
  club120: { en: '120\u00a0% club', ru: 'Клуб 120\u00a0%' },
  topRevenue: { en: 'Top revenue', ru: 'Лучшая выручка' },
  mostWon: { en: 'Most successful leads', ru: 'Больше всех успешных сделок' },
  mostCallMinutes: { en: 'Most call minutes', ru: 'Больше всех минут звонков' },
  streak: { en: 'Streak', ru: 'Серия' },
};

/** What a lead without a title is called wherever it is listed. */
export const UNTITLED_LEAD_WORDS: Record<Locale, string> = { en: 'Untitled lead', ru: 'Сделка без названия' };

export const YES_NO_WORDS: Record<Locale, { yes: string; no: string }> = {
  en: { yes: 'yes', no: 'no' },
  ru: { yes: 'да', no: 'нет' },
};
