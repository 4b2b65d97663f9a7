import { luminance, type MantineTheme } from '@mantine/core';

/** The WCAG 2 contrast ratio of two colours (`#rrggbb`, `#rgb` or `rgb()`): 1 for equal colours, 21 for black on white. */
export function contrastRatio(first: string, second: string): number {
  const [lighter = 0, darker = 0] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

export type ContrastGrade = 'AAA' | 'AA' | 'AA18' | 'fail';

/**
 * The WCAG 2 level a ratio reaches for text: AAA from 7, AA from 4.5, AA18 (AA for large text only: 18 pt, or 14 pt
 * bold) from 3. A ratio just under a threshold does not reach it: WCAG forbids rounding up.
 */
export function contrastGrade(ratio: number): ContrastGrade {
  if (ratio >= 7) return 'AAA';
  if (ratio >= 4.5) return 'AA';
  if (ratio >= 3) return 'AA18';
  return 'fail';
}

export type SchemeColors = { body: string; text: string };

/**
 * The body background and the body text of each colour scheme as Mantine sets them from the theme
 * (`--mantine-color-body`, `--mantine-color-text`): white and black in light, dark 7 and dark 0 in dark.
 */
export function schemeColors(theme: MantineTheme): { light: SchemeColors; dark: SchemeColors } {
  return {
    light: { body: theme.white, text: theme.black },
    dark: { body: theme.colors.dark[7], text: theme.colors.dark[0] },
  };
}
