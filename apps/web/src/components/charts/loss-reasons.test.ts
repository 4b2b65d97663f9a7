import { describe, expect, it } from 'vitest';
import { type LossReason, reasonBars } from './loss-reasons';

const reason = (reasonId: number | null, name: string | null, count: number): LossReason => ({
  reasonId,
  name,
  count,
  sharePercent: '0.00',
  lostBudgetMinor: 0,
});

describe('the loss reasons chart', () => {
  it('puts the most frequent reason first and names leads lost without one', () => {
    expect(
      reasonBars([reason(1, 'Too expensive', 3), reason(null, null, 5), reason(2, 'Went quiet', 3)], 'No reason given'),
    ).toEqual([
      { reason: 'No reason given', count: 5 },
      { reason: 'Too expensive', count: 3 },
      { reason: 'Went quiet', count: 3 },
    ]);
  });

  it('tells apart two reasons of one name, and names a reason without a name by its id', () => {
    expect(reasonBars([reason(1, 'Price', 2), reason(7, 'Price', 1), reason(9, null, 1)], '—')).toEqual([
      { reason: 'Price (#1)', count: 2 },
      { reason: 'Price (#7)', count: 1 },
      { reason: '#9', count: 1 },
    ]);
  });
});
