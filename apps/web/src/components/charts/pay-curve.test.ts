import { bonusTermsOf, computeBonus } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { payCurve } from './pay-curve';

const terms = bonusTermsOf({
  fixedSalaryMinor: 6_000_000,
  tierMode: 'highest',
  levels: [
    { thresholdPercent: '70.00', ratePercent: '3.00' },
    { thresholdPercent: '90.00', ratePercent: '5.00' },
    { thresholdPercent: '100.00', ratePercent: '7.00' },
  ],
  fixedBonusAt120Minor: 5_000_000,
  abovePlanRatePercent: '2.00',
});
// A plan that no threshold divides evenly: 70 % of it is 1 959 999,993 ₽, reached at 196 000 000 kopecks, and
// 90 % is 2 519 999,991 ₽, reached at 252 000 000.
const PLAN = 279_999_999n;

describe('payCurve', () => {
  const curve = payCurve(terms, PLAN);
  const revenues = curve.map((point) => point.revenueMinor);

  it('runs from no revenue to 200 % of the plan, in order, each revenue once', () => {
    expect(revenues[0]).toBe(0n);
    expect(revenues.at(-1)).toBe(2n * PLAN);
    expect([...revenues].sort((a, b) => (a < b ? -1 : 1))).toEqual(revenues);
    expect(new Set(revenues).size).toBe(revenues.length);
    // Every 5 % and the points at the thresholds.
    expect(curve.length).toBeGreaterThanOrEqual(40);
  });

  it("gives the engine's pay at every point", () => {
    for (const point of curve) {
      const result = computeBonus(terms, { planMinor: PLAN, revenueMinor: point.revenueMinor });
      expect(point.totalMinor).toBe(result.totalMinor);
      expect(point.bonusMinor).toBe(result.bonusMinor);
    }
    expect(curve[0]?.totalMinor).toBe(6_000_000n);
  });

  it('has the least revenue reaching each threshold and the one just below, so each step stands upright', () => {
    for (const [threshold, step] of [
      // Nothing below the first level, 3 % of the revenue at it.
      [196_000_000n, 5_880_000n],
      // 3 % of 2 519 999,99 ₽ below, 5 % of 2 520 000 ₽ at the threshold.
      [252_000_000n, 12_600_000n - 7_560_000n],
    ] as const) {
      const at = curve.findIndex((point) => point.revenueMinor === threshold);
      const below = curve[at - 1];
      const reached = curve[at];
      expect(below?.revenueMinor).toBe(threshold - 1n);
      expect((reached?.totalMinor ?? 0n) - (below?.totalMinor ?? 0n)).toBe(step);
    }
    // 120 % of the plan (3 359 999,988 ₽, reached at 335 999 999): the fixed bonus is added at once.
    const at120 = curve.findIndex((point) => point.revenueMinor === 335_999_999n);
    expect((curve[at120]?.totalMinor ?? 0n) - (curve[at120 - 1]?.totalMinor ?? 0n)).toBeGreaterThanOrEqual(5_000_000n);
  });

  it('holds the marked revenues, reaching further than 200 % for one beyond it', () => {
    const marked = payCurve(terms, PLAN, [123_456_789n, 900_000_000n]);
    expect(marked.map((point) => point.revenueMinor)).toContain(123_456_789n);
    expect(marked.at(-1)?.revenueMinor).toBe(900_000_000n);
  });

  it('is empty without a plan', () => {
    expect(payCurve(terms, 0n)).toEqual([]);
  });
});
