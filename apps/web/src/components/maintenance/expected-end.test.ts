import { describe, expect, it } from 'vitest';
import { instantOfWallClock, laterBy, wallClockAt } from './expected-end';

describe('an expected end on the organisation clock', () => {
  it('reads a picked time on that clock, whatever the clock of the browser', () => {
    expect(instantOfWallClock('2026-03-12 18:00:00', 'Europe/Moscow').toISOString()).toBe('2026-03-12T15:00:00.000Z');
    expect(instantOfWallClock('2026-03-12 18:00:00', 'America/New_York').toISOString()).toBe(
      '2026-03-12T22:00:00.000Z',
    );
    expect(wallClockAt(new Date('2026-03-12T15:00:00Z'), 'Europe/Moscow')).toBe('2026-03-12 18:00:00');
  });

  it('settles the offset across a change to and from summer time', () => {
    // Berlin goes from UTC+1 to UTC+2 at 02:00 on 29 March 2026, and back at 03:00 on 25 October.
    expect(instantOfWallClock('2026-03-29 01:30:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(instantOfWallClock('2026-03-29 03:30:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOfWallClock('2026-10-25 12:00:00', 'Europe/Berlin').toISOString()).toBe('2026-10-25T11:00:00.000Z');
    // 02:30 on 29 March never shows on Berlin's clocks; it is read on the clock before the change, as 03:30 after it.
    expect(instantOfWallClock('2026-03-29 02:30:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    for (const wallClock of ['2026-01-01 00:00:00', '2026-06-30 23:59:00', '2026-10-24 09:15:00']) {
      expect(wallClockAt(instantOfWallClock(wallClock, 'Europe/Berlin'), 'Europe/Berlin')).toBe(wallClock);
    }
  });

  it('offers presets rounded up to whole five minutes', () => {
    const now = new Date('2026-03-12T15:02:10Z');
    expect(laterBy(now, 30).toISOString()).toBe('2026-03-12T15:35:00.000Z');
    expect(laterBy(now, 60).toISOString()).toBe('2026-03-12T16:05:00.000Z');
    expect(laterBy(new Date('2026-03-12T15:00:00Z'), 60).toISOString()).toBe('2026-03-12T16:00:00.000Z');
  });
});
