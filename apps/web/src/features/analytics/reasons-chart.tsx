import '@mantine/charts/styles.css';
import type { Analytics } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonBars } from './chart-data';
import { useAnalyticsWords } from './use-words';

const BAR_HEIGHT = 36;

/**
 * Why leads were lost: one bar per reason, the most frequent on top, with its count; the description gives the
 * figures in words, and the table beside holds them with the share and the lost budget.
 */
export default function ReasonsChart({
  reasons,
  labelledBy,
}: {
  reasons: Analytics['unsuccessful']['reasons'];
  labelledBy: string;
}) {
  const { t } = useTranslation('analytics');
  const words = useAnalyticsWords();
  const summaryId = useId();
  const data = useMemo(() => reasonBars(reasons, t('lost.noReason')), [reasons, t]);
  const summary = [
    ...data.map((bar) =>
      t('lost.chartPoint', { reason: bar.reason, count: bar.count, amount: words.count(bar.count) }),
    ),
    t('lost.chartTable'),
  ].join(' ');
  return (
    <figure aria-labelledby={labelledBy} aria-describedby={summaryId} style={{ margin: 0 }}>
      <BarChart
        h={Math.max(120, data.length * BAR_HEIGHT + 40)}
        data={data}
        dataKey="reason"
        orientation="vertical"
        series={[{ name: 'count', label: t('lost.columns.count'), color: 'red.7' }]}
        yAxisProps={{ width: 150, interval: 0 }}
        xAxisProps={{ allowDecimals: false }}
        gridAxis="x"
        valueFormatter={(value) => (Number.isFinite(value) ? words.count(value) : '')}
        withBarValueLabel
        maxBarWidth={24}
        barProps={{ isAnimationActive: false }}
        barChartProps={{ title: t('lost.chartTitle') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
