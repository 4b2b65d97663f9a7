import { describe, expect, it } from 'vitest';
import { askedPeriod, lengthInDays, monthsOf, periodPlan, previousPeriod, trendBuckets } from './period.js';

describe('periods', () => {
  it.each([
    [
      { from: '2026-11-01', to: '2026-11-27' },
      { from: '2026-10-01', to: '2026-10-27' },
    ],
    [
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-10-01', to: '2026-10-31' },
    ],
    [
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-02-01', to: '2026-02-28' },
    ],
    [
      { from: '2026-03-01', to: '2026-03-30' },
      { from: '2026-02-01', to: '2026-02-28' },
    ],
    [
      { from: '2026-10-01', to: '2026-12-31' },
      { from: '2026-07-01', to: '2026-09-30' },
    ],
    [
      { from: '2026-01-01', to: '2026-01-15' },
      { from: '2025-12-01', to: '2025-12-15' },
    ],
    [
      { from: '2026-11-16', to: '2026-11-22' },
      { from: '2026-11-09', to: '2026-11-15' },
    ],
    // A week that starts on the first of a month is still a week.
    [
      { from: '2026-06-01', to: '2026-06-07' },
      { from: '2026-05-25', to: '2026-05-31' },
    ],
    [
      { from: '2026-03-02', to: '2026-03-04' },
      { from: '2026-02-27', to: '2026-03-01' },
    ],
  ])('%j, over, is compared with %j', (period, previous) => {
    expect(previousPeriod(period, '2026-12-31')).toEqual(previous);
  });

  it.each([
    // Today is November 27: the month, the quarter and the week so far, against the same days before.
    [
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-10-01', to: '2026-10-27' },
    ],
    [
      { from: '2026-10-01', to: '2026-12-31' },
      { from: '2026-07-01', to: '2026-08-27' },
    ],
    [
      { from: '2026-11-23', to: '2026-11-29' },
      { from: '2026-11-16', to: '2026-11-20' },
    ],
    [
      { from: '2026-11-20', to: '2026-12-09' },
      { from: '2026-10-31', to: '2026-11-07' },
    ],
  ])('%j, running, is compared over its days so far with %j', (period, previous) => {
    expect(previousPeriod(period, '2026-11-27')).toEqual(previous);
  });

  it('split into the months they touch, each with its days inside', () => {
    expect(monthsOf({ from: '2026-01-30', to: '2026-03-02' })).toEqual([
      { month: '2026-01', from: '2026-01-30', to: '2026-01-31', days: 2, daysInMonth: 31, whole: false },
      { month: '2026-02', from: '2026-02-01', to: '2026-02-28', days: 28, daysInMonth: 28, whole: true },
      { month: '2026-03', from: '2026-03-01', to: '2026-03-02', days: 2, daysInMonth: 31, whole: false },
    ]);
    expect(lengthInDays({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });

  it("plan a period by each month's share of days, exactly, rounded once", () => {
    const months = monthsOf({ from: '2026-01-30', to: '2026-03-02' });
    // 3 100 × 2/31 + 2 800 × 28/28 + 3 100 × 2/31 = 200 + 2 800 + 200.
    expect(
      periodPlan(
        new Map([
          ['2026-01', 3100],
          ['2026-02', 2800],
          ['2026-03', 3100],
        ]),
        months,
      ),
    ).toBe(3200);
    // 1 000 × 2/31 = 64.516… → 65; a month without a plan adds nothing.
    expect(periodPlan(new Map([['2026-01', 1000]]), months)).toBe(65);
    expect(periodPlan(new Map(), months)).toBeNull();
  });

  it('are this month unless asked, and refused backwards or longer than a year', () => {
    const november = { from: '2026-11-01', to: '2026-11-30' };
    expect(askedPeriod({}, november)).toEqual(november);
    expect(askedPeriod({ from: '2026-11-23', to: '2026-11-29' }, november)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(() => askedPeriod({ from: '2026-11-02', to: '2026-11-01' }, november)).toThrow('366 days');
    expect(() => askedPeriod({ from: '2025-01-01', to: '2026-01-02' }, november)).toThrow('366 days');
  });

  it('cut into weeks from Monday up to 92 days, else into months', () => {
    expect(trendBuckets({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      bucket: 'week',
      buckets: [
        { from: '2026-11-01', to: '2026-11-01' },
        { from: '2026-11-02', to: '2026-11-08' },
        { from: '2026-11-09', to: '2026-11-15' },
        { from: '2026-11-16', to: '2026-11-22' },
        { from: '2026-11-23', to: '2026-11-29' },
        { from: '2026-11-30', to: '2026-11-30' },
      ],
    });
    expect(trendBuckets({ from: '2026-01-15', to: '2026-06-30' }).buckets.map((bucket) => bucket.from)).toEqual([
      '2026-01-15',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
  });
});
