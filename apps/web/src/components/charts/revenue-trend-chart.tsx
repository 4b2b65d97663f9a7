// The charts' styles and code (recharts) come with the screens that draw charts only (ADR 0023).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency, useFormatters } from '../../lib/format';
import { usePeriodWords } from '../sales-period/use-period-words';
import { type RevenueTrend, trendBars, trendHasPlan } from './revenue-trend';
import { useChartWords } from './use-chart-words';

/**
 * Revenue per week or month of the period beside the plan of the same days (a week cut by the period's edge has
 * the plan of its days only); a description in words gives screen readers every figure the drawing shows. Named by
 * the title of what holds it (`labelledBy`).
 */
export function RevenueTrendChart({ trend, labelledBy }: { trend: RevenueTrend; labelledBy: string }) {
  const { t } = useTranslation('charts');
  const format = useFormatters();
  const periodWords = usePeriodWords();
  const { digits } = useCurrency();
  const words = useChartWords();
  const summaryId = useId();
  const withPlan = trendHasPlan(trend.points);
  const data = useMemo(
    () => trendBars(trend.points, digits, (point) => periodWords.bucket(trend.bucket, point)),
    [trend, digits, periodWords],
  );

  const summary = [
    t(`trend.summary.${trend.bucket}`),
    ...trend.points.map((point) =>
      t(point.planMinor === null ? 'trend.summary.pointNoPlan' : 'trend.summary.point', {
        bucket: periodWords.range(point),
        revenue: format.money(point.revenueMinor),
        plan: point.planMinor === null ? '' : format.money(point.planMinor),
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
        yAxisProps={{ tickFormatter: words.compactMoney, width: 80 }}
        valueFormatter={words.chartMoney}
        barProps={{ isAnimationActive: false }}
        barChartProps={{ title: t('trend.title') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
