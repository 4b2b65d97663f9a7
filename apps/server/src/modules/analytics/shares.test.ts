import { describe, expect, it } from 'vitest';
import { share, sharesOfWhole } from './shares.js';

describe('shares', () => {
  it('of a whole add up to exactly 100.00, the leftover hundredths going to the largest remainders', () => {
    expect(sharesOfWhole([1, 1, 1])).toEqual(['33.34', '33.33', '33.33']);
    expect(sharesOfWhole([2, 1, 1, 3])).toEqual(['28.57', '14.29', '14.28', '42.86']);
    expect(sharesOfWhole([5])).toEqual(['100.00']);
    expect(sharesOfWhole([0, 0])).toEqual(['0.00', '0.00']);
    for (const parts of [
      [7, 3, 11, 13, 17],
      [1, 2, 3, 4, 5, 6],
      [9_999_999, 1, 1],
    ]) {
      const total = sharesOfWhole(parts).reduce((sum, text) => sum + Math.round(Number(text) * 100), 0);
      expect(total).toBe(10_000);
    }
  });

  it('of one part are truncated, and none of nothing', () => {
    expect(share(2, 3)).toBe('66.66');
    expect(share(1, 0)).toBeNull();
  });
});
