import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monthName, monthStart, useFormatters } from '../../lib/format';
import type { Words } from './explanation';

export type CalculatorWords = Words & {
  /** A month ("2026-11") by name: "November 2026", «Ноябрь 2026 г.». */
  month: (month: string) => string;
  /** The first day of a month in words, for "from …" ("December 1, 2025", «1 декабря 2025 г.»). */
  monthStart: (month: string) => string;
};

/** How the calculator writes money, the engine's percentages and months in the interface language (lib/format). */
export function useCalculatorWords(): CalculatorWords {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const format = useFormatters();
  return useMemo(
    () => ({
      money: format.money,
      percent: format.percent,
      month: (month) => monthName(month, language),
      monthStart: (month) => monthStart(month, language),
    }),
    [language, format],
  );
}
