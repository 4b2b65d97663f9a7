import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastGrade, contrastRatio, schemeColors } from './contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white, either way round', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
  });

  it('is 1 for a colour on itself', () => {
    expect(contrastRatio('#1971c2', '#1971c2')).toBe(1);
    expect(contrastRatio('rgb(36, 36, 36)', '#242424')).toBe(1);
  });

  it('matches the WCAG figures of known pairs', () => {
    // #767676 on white is the classic lightest grey that passes AA: 4.54.
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#fff')).toBeLessThan(4.5);
  });
});

describe('contrastGrade', () => {
  it('grades by the WCAG thresholds, never rounding up', () => {
    expect(contrastGrade(21)).toBe('AAA');
    expect(contrastGrade(7)).toBe('AAA');
    expect(contrastGrade(6.99)).toBe('AA');
    expect(contrastGrade(4.5)).toBe('AA');
    expect(contrastGrade(4.499)).toBe('AA18');
    expect(contrastGrade(3)).toBe('AA18');
    expect(contrastGrade(2.99)).toBe('fail');
    expect(contrastGrade(1)).toBe('fail');
  });
});

describe('schemeColors', () => {
  it('reads the body and text colours of both schemes from the theme', () => {
    expect(schemeColors(DEFAULT_THEME)).toEqual({
      light: { body: '#fff', text: '#000' },
      dark: { body: '#242424', text: '#C9C9C9' },
    });
  });
});
