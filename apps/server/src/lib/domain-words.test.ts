import { Locale, Unit } from '@cm/contract';
import { describe, expect, it } from 'vitest';
import { UNIT_ALIASES, unitWord, yesNo } from './domain-words.js';

describe('the words the server writes into files', () => {
  it.each(Locale.options)('reads every unit back as it writes it in %s, with or without the full stop', (lang) => {
    for (const unit of Unit.options) {
      const word = unitWord(unit, lang).toLowerCase();
      expect(UNIT_ALIASES[word]).toBe(unit);
      expect(UNIT_ALIASES[word.replace(/\.$/, '')]).toBe(unit);
    }
  });

  it('writes units as their codes in English and as abbreviations in Russian', () => {
    expect(unitWord('l', 'en')).toBe('l');
    expect(unitWord('pcs', 'ru')).toBe('шт.');
    expect(UNIT_ALIASES.sets).toBe('set');
    expect(yesNo(true, 'ru')).toBe('да');
  });
});
