import { describe, expect, it } from 'vitest';
import { SYNC_GRACE_MINUTES, syncWarning } from './sync-freshness';

const NOW = Date.parse('2026-03-12T14:30:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('the warning of a board whose figures may be out of date', () => {
  it('says nothing while the last complete read is within the sync interval and its grace', () => {
    for (const age of [0, 14, 15, 15 + SYNC_GRACE_MINUTES]) {
      expect(syncWarning({ lastSucceededAt: minutesAgo(age), lastFailed: false, intervalMinutes: 15 }, NOW)).toBeNull();
    }
  });

  it('says the data is late once amoCRM has not been read for longer, with when it last was', () => {
    const lastSucceededAt = minutesAgo(15 + SYNC_GRACE_MINUTES + 1);
    expect(syncWarning({ lastSucceededAt, lastFailed: false, intervalMinutes: 15 }, NOW)).toEqual({
      kind: 'late',
      lastSucceededAt,
      intervalMinutes: 15,
    });
  });

  it('says the data is late when a sync is scheduled but none has ever read amoCRM completely', () => {
    expect(syncWarning({ lastSucceededAt: null, lastFailed: false, intervalMinutes: 60 }, NOW)).toEqual({
      kind: 'late',
      lastSucceededAt: null,
      intervalMinutes: 60,
    });
  });

  it('says the last sync failed, also a recent one, also without a schedule', () => {
    for (const intervalMinutes of [0, 15]) {
      expect(syncWarning({ lastSucceededAt: minutesAgo(3), lastFailed: true, intervalMinutes }, NOW)).toEqual({
        kind: 'failed',
        lastSucceededAt: minutesAgo(3),
      });
    }
  });

  it('says nothing without a scheduled sync when none failed, however old the last read', () => {
    expect(syncWarning({ lastSucceededAt: null, lastFailed: false, intervalMinutes: 0 }, NOW)).toBeNull();
    expect(syncWarning({ lastSucceededAt: minutesAgo(10_000), lastFailed: false, intervalMinutes: 0 }, NOW)).toBeNull();
  });
});
