import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalInputText, type Formatters, useFormatters } from '../../lib/format';

export type AnalyticsWords = Pick<Formatters, 'money' | 'count' | 'percent' | 'date'> & {
  /** Hundredths of a percentage point as points: "1.62 pp", «1,62 п. п.». */
  points: (hundredths: number) => string;
  /** A change in tenths of a percent of what it was, signed: "+10.8%", «−1,1 %». */
  share: (tenths: number) => string;
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
  return useMemo(() => {
    const twoDigits = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const signedShare = new Intl.NumberFormat(language, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: 'always',
    });
    return {
      money: format.money,
      count: format.count,
      percent: format.percent,
      date: format.date,
      points: (hundredths) => t('units.points', { value: twoDigits.format(hundredths / 100) }),
      share: (tenths) => signedShare.format(tenths / 1000),
      // A number with a decimal takes the plural form of fractions in both languages ("1.0 days", «1,0 дня»).
      days: (text) => t('units.days', { value: decimalInputText(text, language) }),
      decimal: (text) => decimalInputText(text, language),
    };
  }, [language, t, format]);
}
