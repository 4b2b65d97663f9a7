import { describe, expect, it } from 'vitest';
import { requestedDays } from './period';

describe('the days analytics asks for', () => {
  const today = '2026-11-27';

  it('asks the server for the current month by default and for the days of any other period', () => {
    expect(requestedDays({ period: 'month' }, today)).toEqual({});
    expect(requestedDays({ period: 'month', from: '2026-10-01' }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(requestedDays({ period: 'week' }, today)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('asks nothing for a custom range that is unfinished or would be refused', () => {
    expect(requestedDays({ period: 'custom', from: '2026-11-05', to: '2026-11-02' }, today)).toBe(null);
    expect(requestedDays({ period: 'custom', from: '2026-11-05' }, today)).toBe(null);
  });
});
