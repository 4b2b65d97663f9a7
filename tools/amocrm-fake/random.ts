const HEX_DIGITS = '0123456789abcdef';

/** A small seeded PRNG (mulberry32): the same seed always yields the same account. */
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
    chance: (probability: number): boolean => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() from an empty list');
      return item;
    },
    /** Lower-case hex, for call uniq ids and chat message ids. */
    hex(length: number): string {
      let text = '';
      for (let index = 0; index < length; index++) text += HEX_DIGITS[Math.floor(next() * 16)];
      return text;
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;
