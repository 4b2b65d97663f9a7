// The charts' styles and code (recharts) come with the sales screens' chunks only: no other screen loads them
// (ADR 0023).
import '@mantine/charts/styles.css';
import type { Analytics } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeriodWords } from '../../components/sales-period/use-period-words';
import { useCurrency } from '../../lib/format';
import { trendBars, trendHasPlan } from './chart-data';
import { useAnalyticsWords } from './use-words';

/** Money on an axis, short: "₽1.2M", «1,2 млн ₽». */
export function useCompactMoney(): (value: number) => string {
  const { i18n } = useTranslation();
  const { code } = useCurrency();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (value: number) => format.format(value);
  }, [i18n.language, code]);
}

/**
 * Revenue per week or month of the period beside the plan of the same days (a week cut by the period's edge has
 * the plan of its days only); a description in words gives screen readers every figure the drawing shows.
 */
export default function TrendChart({ trend, labelledBy }: { trend: Analytics['trend']; labelledBy: string }) {
  const { t } = useTranslation('analytics');
  const words = useAnalyticsWords();
  const periodWords = usePeriodWords();
  const { digits } = useCurrency();
  const compact = useCompactMoney();
  const summaryId = useId();
  const withPlan = trendHasPlan(trend.points);
  const data = useMemo(
    () => trendBars(trend.points, digits, (point) => periodWords.bucket(trend.bucket, point)),
    [trend, digits, periodWords],
  );
  // The tooltip asks for its words before a bar is chosen, too: no figure then.
  const exact = (value: number) => (Number.isFinite(value) ? words.money(Math.round(value * 10 ** digits)) : '');

  const summary = [
    t(`trend.summary.${trend.bucket}`),
    ...trend.points.map((point) =>
      t(point.planMinor === null ? 'trend.summary.pointNoPlan' : 'trend.summary.point', {
        bucket: periodWords.range(point),
        revenue: words.money(point.revenueMinor),
        plan: point.planMinor === null ? '' : words.money(point.planMinor),
      }),
    ),
  ].join(' ');

  return (
    <figure aria-labelledby={labelledBy} aria-describedby={summaryId} style={{ margin: 0 }}>
      <BarChart
        h={300}
        data={data}
        dataKey="bucket"
        series={[
          { name: 'revenue', label: t('trend.revenue'), color: 'blue.7' },
          ...(withPlan ? [{ name: 'plan', label: t('trend.plan'), color: 'gray.6' }] : []),
        ]}
        maxBarWidth={40}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 40 }}
        yAxisProps={{ tickFormatter: compact, width: 80 }}
        valueFormatter={exact}
        barProps={{ isAnimationActive: false }}
        barChartProps={{ title: t('trend.chartTitle') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
