import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalInputText, type Formatters, useFormatters } from '../../lib/format';

export type AnalyticsWords = Pick<Formatters, 'money' | 'count' | 'percent' | 'date'> & {
  /** Days with one decimal as the API writes them ("5.0"): "5.0 days", «5,0 дня». */
  days: (text: string) => string;
  /** The same number alone, in the language's digits: "5.0", «5,0». */
  decimal: (text: string) => string;
};

/** How the analytics screen writes its figures in the interface language (its periods: usePeriodWords). */
export function useAnalyticsWords(): AnalyticsWords {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  const format = useFormatters();
  return useMemo(
    () => ({
      money: format.money,
      count: format.count,
      percent: format.percent,
      date: format.date,
      // A number with a decimal takes the plural form of fractions in both languages ("1.0 days", «1,0 дня»).
      days: (text) => t('units.days', { value: decimalInputText(text, language) }),
      decimal: (text) => decimalInputText(text, language),
    }),
    [language, t, format],
  );
}
