import type { Award } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { awardsByMonth } from './awards-by-month';

const award = (month: string, code: Award['code'], provisional = false): Award => ({
  month,
  userId: '00000000-0000-4000-8000-000000000001',
  code,
  provisional,
  streakMonths: code === 'streak' ? 3 : null,
});

describe('awardsByMonth', () => {
  it('groups awards by month, newest first, keeping their order within a month', () => {
    const months = awardsByMonth([
      award('2026-09', 'planAchieved'),
      award('2026-11', 'planAchieved', true),
      award('2026-11', 'streak', true),
      award('2026-10', 'topRevenue'),
    ]);
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(months[0]?.awards.map((item) => item.code)).toEqual(['planAchieved', 'streak']);
  });

  it('marks a month provisional when any of its awards is, and returns nothing for no awards', () => {
    expect(awardsByMonth([award('2026-11', 'club120', true)])[0]?.provisional).toBe(true);
    expect(awardsByMonth([award('2026-08', 'club120')])[0]?.provisional).toBe(false);
    expect(awardsByMonth([])).toEqual([]);
  });
});
