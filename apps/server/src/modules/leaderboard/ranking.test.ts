import { describe, expect, it } from 'vitest';
import { competitionRanks } from './ranking.js';

describe('competition ranking', () => {
  it('lets ties share a rank and skips the ranks they take (1, 1, 3), nulls last', () => {
    const items = [
      { name: 'a', value: 5n },
      { name: 'b', value: 9n },
      { name: 'c', value: 9n },
      { name: 'd', value: null },
      { name: 'e', value: 1n },
      { name: 'f', value: null },
    ];
    const ranks = competitionRanks(items, (item) => item.value);
    expect(items.map((item) => [item.name, ranks.get(item)])).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 1],
      ['d', 5],
      ['e', 4],
      ['f', 5],
    ]);
  });
});
