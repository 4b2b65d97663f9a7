import { describe, expect, it } from 'vitest';
import { trendBars, trendHasFigures, trendHasPlan } from './revenue-trend';

describe('the trend chart', () => {
  const points = [
    { from: '2026-11-01', to: '2026-11-01', revenueMinor: 0, planMinor: 33_33 },
    { from: '2026-11-02', to: '2026-11-08', revenueMinor: 1_250_000_50, planMinor: 233_33 },
    { from: '2026-11-09', to: '2026-11-15', revenueMinor: 7, planMinor: null },
  ];

  it('places money in major units of the currency, the plan where there is one', () => {
    expect(trendBars(points, 2, (point) => point.from)).toEqual([
      { bucket: '2026-11-01', revenue: 0, plan: 33.33 },
      { bucket: '2026-11-02', revenue: 1_250_000.5, plan: 233.33 },
      { bucket: '2026-11-09', revenue: 0.07, plan: null },
    ]);
    expect(trendBars(points.slice(2), 0, () => 'x')).toEqual([{ bucket: 'x', revenue: 7, plan: null }]);
  });

  it('has nothing to draw without revenue or a plan', () => {
    expect(trendHasFigures(points)).toBe(true);
    expect(trendHasFigures([{ from: '2026-11-01', to: '2026-11-01', revenueMinor: 0, planMinor: null }])).toBe(false);
    expect(trendHasFigures([{ from: '2026-11-01', to: '2026-11-01', revenueMinor: 0, planMinor: 0 }])).toBe(true);
    expect(trendHasPlan(points.slice(2))).toBe(false);
    expect(trendHasPlan(points)).toBe(true);
  });
});
