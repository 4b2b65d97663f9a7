import type { SalesKpis } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { changeOf, hundredthsOf, kpiFigures } from './kpi-changes';

const kpis = (overrides: Partial<SalesKpis> = {}): SalesKpis => ({
  revenueMinor: 0,
  planMinor: null,
  factPlanPercent: null,
  bonusMinor: null,
  wonLeads: 0,
  lostLeads: 0,
  callMinutes: 0,
  messages: 0,
  ...overrides,
});

describe('changes against the period before', () => {
  it('reads the API percentages exactly, in hundredths', () => {
    expect(hundredthsOf('48.38')).toBe(4838);
    expect(hundredthsOf('100')).toBe(10000);
    expect(hundredthsOf('0.5')).toBe(50);
    expect(hundredthsOf('-3.25')).toBe(-325);
  });

  it('gives money and counts a direction, a size and a share of the figure before, in tenths of a percent', () => {
    expect(changeOf('revenue', 1_100_00, 1_000_00)).toEqual({
      direction: 'up',
      by: 100_00,
      relative: 100,
      tone: 'good',
    });
    expect(changeOf('wonLeads', 2, 3)).toEqual({ direction: 'down', by: 1, relative: 333, tone: 'bad' });
    expect(changeOf('messages', 5, 5)).toEqual({ direction: 'same' });
  });

  it('has no share when there was nothing before', () => {
    expect(changeOf('callMinutes', 40, 0)).toEqual({ direction: 'up', by: 40, relative: null, tone: 'good' });
  });

  it('counts more lost leads as bad news and fewer as good', () => {
    expect(changeOf('lostLeads', 7, 4)).toMatchObject({ direction: 'up', tone: 'bad' });
    expect(changeOf('lostLeads', 1, 4)).toMatchObject({ direction: 'down', tone: 'good' });
  });

  it('moves fact/plan by percentage points, and compares nothing without a plan or a scheme', () => {
    const [, factPlan, bonus] = kpiFigures(
      kpis({ factPlanPercent: '48.38', bonusMinor: 5_000_00 }),
      kpis({ factPlanPercent: '50.00', bonusMinor: null }),
    );
    expect(factPlan).toEqual({
      key: 'factPlan',
      now: 4838,
      before: 5000,
      change: { direction: 'down', by: 162, relative: null, tone: 'bad' },
    });
    expect(bonus).toEqual({ key: 'bonus', now: 5_000_00, before: null, change: { direction: 'none' } });
    const [, noPlan] = kpiFigures(kpis(), kpis({ factPlanPercent: '80.00' }));
    expect(noPlan?.change).toEqual({ direction: 'none' });
  });

  it('lists every card in the order of the screen', () => {
    expect(kpiFigures(kpis(), kpis()).map((figure) => figure.key)).toEqual([
      'revenue',
      'factPlan',
      'bonus',
      'wonLeads',
      'lostLeads',
      'callMinutes',
      'messages',
    ]);
  });
});
