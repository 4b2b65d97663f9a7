import { describe, expect, it } from 'vitest';
import { monthName, monthStart } from './months';

describe('months in words', () => {
  it('names a month as a heading does, capitalised and kept on one line with no-break spaces', () => {
    expect(monthName('2026-05', 'en')).toBe('May\u00a02026');
    expect(monthName('2026-05', 'ru')).toBe('Май\u00a02026\u00a0г.');
    expect(monthName('2026-11', 'ru')).toBe('Ноябрь\u00a02026\u00a0г.');
  });

  it('names the first day of a month, in the genitive in Russian', () => {
    expect(monthStart('2026-05', 'en')).toBe('May\u00a01,\u00a02026');
    expect(monthStart('2026-05', 'ru')).toBe('1\u00a0мая\u00a02026\u00a0г.');
  });

  it('writes a month on no clock but its own: the first of January stays in January', () => {
    expect(monthName('2027-01', 'en')).toBe('January\u00a02027');
    expect(monthStart('2027-01', 'en')).toBe('January\u00a01,\u00a02027');
  });
});
