import {
  type Locale,
  MOVEMENT_ORIGIN_WORDS,
  MOVEMENT_TYPE_WORDS,
  type MovementOrigin,
  type MovementType,
  UNIT_SYMBOLS,
  Unit,
  YES_NO_WORDS,
} from '@cm/contract';

// The product's words as the server writes them into files people read (exports, import templates), from
// the contract's catalogue, which the screens use too.

/**
 * A unit of measure as a file in that language writes it: the unit's code in English ("pcs", "l"), which an
 * import reads back as it is, and the abbreviation in Russian ("шт.").
 */
export function unitWord(unit: Unit, lang: Locale): string {
  return lang === 'en' ? unit : UNIT_SYMBOLS[unit].ru;
}

export function movementTypeWord(type: MovementType, lang: Locale): string {
  return MOVEMENT_TYPE_WORDS[type][lang];
}

export function movementOriginWord(origin: MovementOrigin, lang: Locale): string {
  return MOVEMENT_ORIGIN_WORDS[origin][lang];
}

/** A yes/no cell in the file's language. */
export function yesNo(value: boolean, lang: Locale): string {
  return YES_NO_WORDS[lang][value ? 'yes' : 'no'];
}

/**
 * Units as people write them in either language, lower-cased, mapped to the unit codes: the codes, every
 * symbol of the catalogue (so that a file exported in Russian imports as it is), each also without its full
 * stop, and whole words.
 */
export const UNIT_ALIASES: Readonly<Record<string, Unit>> = {
  ...Object.fromEntries(
    Unit.options.flatMap((unit) => {
      const { en, ru } = UNIT_SYMBOLS[unit];
      return [unit, en.one, en.other, ru].flatMap((word) => [
        [word.toLowerCase(), unit],
        [word.toLowerCase().replace(/\.$/, ''), unit],
      ]);
    }),
  ),
  катушка: 'reel',
};
