const HEX_DIGITS = '0123456789abcdef';

/**
 * A small seeded generator (mulberry32), good enough for made-up data: the same seed gives the same demo
 * and the same amoCRM stand-in account every time.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max], both ends included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    /** A number in [min, max). */
    between: (min: number, max: number): number => min + next() * (max - min),
    chance: (probability: number): boolean => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    /** Lower-case hex, for the stand-in's call and message ids. */
    hex(length: number): string {
      let text = '';
      for (let index = 0; index < length; index++) text += HEX_DIGITS[Math.floor(next() * 16)];
      return text;
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;
