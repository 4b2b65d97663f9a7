import { describe, expect, it } from 'vitest';
import { parseDay } from './date-field';

describe('parseDay', () => {
  it('reads a day as each language writes it, in any case, to the API form', () => {
    for (const text of [
      'Nov 21, 2026',
      'nov 21 2026',
      'November 21, 2026',
      '21 Nov 2026',
      '11/21/2026',
      '2026-11-21',
    ]) {
      expect(parseDay(text, 'en'), text).toBe('2026-11-21');
    }
    expect(parseDay('01/05/2026', 'en')).toBe('2026-01-05');
    for (const text of ['21.11.2026', ' 21.11.2026 ', '2026-11-21'])
      expect(parseDay(text, 'ru'), text).toBe('2026-11-21');
    for (const text of ['1.01.2026', '01.1.2026', '1.1.2026']) expect(parseDay(text, 'ru'), text).toBe('2026-01-01');
  });

  it('reads nothing from a day that does not exist, a partial day or the other language’s order', () => {
    for (const text of ['31.02.2026', '21.11', 'abc', '']) expect(parseDay(text, 'ru'), text).toBeNull();
    for (const text of ['Feb 30, 2026', 'Nov 2026', '21.11.2026']) expect(parseDay(text, 'en'), text).toBeNull();
  });
});
