import { describe, expect, it } from 'vitest';
import { awardsOfMonths, type MonthStanding } from './awards.js';

const standing = (
  userId: string,
  revenueMinor: number,
  planMinor: number | null,
  extra: Partial<MonthStanding> = {},
) => ({
  userId,
  revenueMinor,
  planMinor,
  wonCount: 0,
  callMinutes: 0,
  ...extra,
});

describe('awards', () => {
  it('go to whoever reaches the plan, 120 %, the top revenue, most won leads and most minutes; ties share', () => {
    const [march] = awardsOfMonths([
      {
        month: '2026-03',
        standings: [
          standing('ann', 120, 100, { wonCount: 4, callMinutes: 50 }),
          standing('ben', 119, 100, { wonCount: 4, callMinutes: 10 }),
          standing('cid', 500, null),
          standing('dee', 0, 100),
        ],
      },
    ]);
    expect(march?.awards.map((award) => `${award.userId}:${award.code}`).sort()).toEqual(
      [
        'ann:planAchieved',
        'ann:club120',
        'ben:planAchieved',
        'cid:topRevenue',
        'ann:mostWon',
        'ben:mostWon',
        'ann:mostCallMinutes',
      ].sort(),
    );
  });

  it('count a streak from the third month in a row at 100 % or more, broken by a month below or absent', () => {
    const month = (key: string, revenue: number | null) => ({
      month: key,
      standings: revenue === null ? [] : [standing('ann', revenue, 100)],
    });
    const months = awardsOfMonths([
      month('2026-01', 100),
      month('2026-02', 150),
      month('2026-03', 100),
      month('2026-04', 101),
      month('2026-05', 99),
      month('2026-06', 100),
      month('2026-07', null),
      month('2026-08', 100),
    ]);
    const streaks = months.map(
      ({ month: key, awards }) => [key, awards.find((award) => award.code === 'streak')?.streakMonths ?? null] as const,
    );
    expect(streaks).toEqual([
      ['2026-01', null],
      ['2026-02', null],
      ['2026-03', 3],
      ['2026-04', 4],
      ['2026-05', null],
      ['2026-06', null],
      ['2026-07', null],
      ['2026-08', null],
    ]);
  });

  it('give nothing for nothing: no top revenue, won leads or minutes when all are zero', () => {
    const [month] = awardsOfMonths([
      { month: '2026-03', standings: [standing('ann', 0, 100), standing('ben', 0, null)] },
    ]);
    expect(month?.awards).toEqual([]);
  });
});
