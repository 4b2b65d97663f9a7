import { describe, expect, it } from 'vitest';
import { nextCheckIn } from './status-checks';

describe('checking whether maintenance is over', () => {
  it('asks again soon at first, then less and less often, never less than twice a minute', () => {
    let elapsed = 0;
    const checks: number[] = [];
    while (elapsed < 3_600_000) {
      elapsed += nextCheckIn(elapsed);
      checks.push(elapsed);
    }
    expect(checks.slice(0, 6)).toEqual([2000, 4000, 6000, 9000, 13_500, 20_250]);
    const gaps = checks.slice(1).map((at, index) => at - (checks[index] ?? 0));
    expect(Math.max(...gaps)).toBe(30_000);
    // An hour of maintenance costs a user's page some 130 checks, not the 1 800 of a check every 2 seconds.
    expect(checks.length).toBeLessThan(140);
  });
});
