import type { AgeBucket } from '@cm/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { type Formatters, useCurrency, useFormatters } from '../../lib/format';
import { minorOf } from './chart-data';

export type ReportWords = Formatters & {
  /** Money on a chart's axis, short: "₽1.2M", «1,2 млн ₽». */
  compactMoney: (value: number) => string;
  /** Money on a chart's scale (major units) as exactly as the currency writes it, for tooltips. */
  chartMoney: (value: number) => string;
  /** A whole number on a chart's axis, short: "1.2K". */
  compactCount: (value: number) => string;
  /** A percentage from a chart's scale (0–100): "42.5%". */
  chartPercent: (value: number) => string;
  /** A day, `YYYY-MM-DD`: "Nov 27, 2026". */
  day: (day: string) => string;
  /** The week starting on a Monday, short, for an axis: "Nov 3 – 9". */
  week: (monday: string) => string;
  /** A category or location path; none: the components without a category. */
  group: (path: string | null) => string;
  /** An age bucket of dead stock in words: "90–179 days". */
  bucket: (bucket: AgeBucket) => string;
  /** A size in bytes as the language writes it: "1.2 MB", «1,2 МБ». */
  size: (bytes: number) => string;
};

const DAY_MS = 86_400_000;

/** The reports' formatters: the lists' own (lib/format) and the charts' short forms, in the interface language. */
export function useReportWords(): ReportWords {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const format = useFormatters();
  const { code, digits } = useCurrency();
  const periods = usePeriodWords();
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
    const sizes = ['byte', 'kilobyte', 'megabyte', 'gigabyte'].map(
      (unit) =>
        new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
    );
    return {
      ...format,
      compactMoney: (value) => (Number.isFinite(value) ? compactMoney.format(value) : ''),
      chartMoney: (value) => (Number.isFinite(value) ? format.money(minorOf(value, digits)) : ''),
      compactCount: (value) => (Number.isFinite(value) ? compactCount.format(value) : ''),
      chartPercent: (value) => (Number.isFinite(value) ? percent.format(value / 100) : ''),
      day: periods.day,
      week: (monday) => {
        const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
        return periods.bucket('week', { from: monday, to: sunday });
      },
      group: (path) => path ?? t('chart.withoutCategory'),
      bucket: (bucket) => t(`buckets.${bucket}`),
      size: (bytes) => {
        let scaled = bytes;
        let index = 0;
        while (scaled >= 1024 && index < sizes.length - 1) {
          scaled /= 1024;
          index += 1;
        }
        return (sizes[index] ?? sizes[0])?.format(scaled) ?? String(bytes);
      },
    };
  }, [language, format, code, digits, periods, t]);
}
