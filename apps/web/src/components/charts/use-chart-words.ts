import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency, useFormatters } from '../../lib/format';
import { minorOf } from './chart-scale';

/**
 * How a chart writes the values it is handed (its scale's numbers, money in major units). Each is also asked for a
 * label before a mark is chosen, with no figure: that gives no words.
 */
export type ChartWords = {
  /** Money on an axis, short: "₽1.2M", «1,2 млн ₽». */
  compactMoney: (value: number) => string;
  /** Money on the scale as exactly as the currency writes it, for a tooltip: "₽1,234.50". */
  chartMoney: (value: number) => string;
  /** A whole number on an axis, short: "1.2K", «1,2 тыс.». */
  compactCount: (value: number) => string;
  /** A whole number in full, for a tooltip or a bar's label. */
  chartCount: (value: number) => string;
  /** A percentage on a 0–100 scale: "42.5%", «42,5 %». */
  chartPercent: (value: number) => string;
};

const figureOnly =
  (write: (value: number) => string) =>
  (value: number): string =>
    Number.isFinite(value) ? write(value) : '';

/** The charts' number formats in the interface language and the organisation's currency. */
export function useChartWords(): ChartWords {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const format = useFormatters();
  const { code, digits } = useCurrency();
  return useMemo(() => {
    const compactMoney = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    const compactCount = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return {
      compactMoney: figureOnly((value) => compactMoney.format(value)),
      chartMoney: figureOnly((value) => format.money(minorOf(value, digits))),
      compactCount: figureOnly((value) => compactCount.format(value)),
      chartCount: figureOnly(format.count),
      chartPercent: figureOnly((value) => percent.format(value / 100)),
    };
  }, [language, code, digits, format]);
}
