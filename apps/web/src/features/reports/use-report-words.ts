import type { AgeBucket } from '@cm/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartWords, useChartWords } from '../../components/charts/use-chart-words';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { type Formatters, useFormatters } from '../../lib/format';

export type ReportWords = Formatters &
  ChartWords & {
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

/** The reports' formatters: the lists' own (lib/format) and the charts' (components/charts), in the interface language. */
export function useReportWords(): ReportWords {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const format = useFormatters();
  const chart = useChartWords();
  const periods = usePeriodWords();
  return useMemo(() => {
    const sizes = ['byte', 'kilobyte', 'megabyte', 'gigabyte'].map(
      (unit) =>
        new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
    );
    return {
      ...format,
      ...chart,
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
  }, [language, format, chart, periods, t]);
}
