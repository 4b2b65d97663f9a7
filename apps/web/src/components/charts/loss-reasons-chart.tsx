// The charts' styles and code (recharts) come with the screens that draw charts only (ADR 0023).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { axisLabel } from './chart-scale';
import { type LossReason, reasonBars } from './loss-reasons';
import { useChartWords } from './use-chart-words';

const BAR_HEIGHT = 36;

/**
 * Why leads were lost: one bar per reason, the most frequent on top, with its count. The description gives the
 * figures in words, then `tableNote`: where the rest of each reason's figures are. Named by the title of what holds
 * it (`labelledBy`).
 */
export function LossReasonsChart({
  reasons,
  labelledBy,
  tableNote,
}: {
  reasons: readonly LossReason[];
  labelledBy: string;
  tableNote?: string;
}) {
  const { t } = useTranslation('charts');
  const format = useFormatters();
  const words = useChartWords();
  const summaryId = useId();
  const data = useMemo(() => reasonBars(reasons, t('reasons.noReason')), [reasons, t]);
  const summary = [
    ...data.map((bar) => t('reasons.point', { reason: bar.reason, count: bar.count, amount: format.count(bar.count) })),
    ...(tableNote ? [tableNote] : []),
  ].join(' ');
  return (
    <figure aria-labelledby={labelledBy} aria-describedby={summaryId} style={{ margin: 0 }}>
      <BarChart
        h={Math.max(120, data.length * BAR_HEIGHT + 40)}
        data={data}
        dataKey="reason"
        orientation="vertical"
        series={[{ name: 'count', label: t('reasons.leads'), color: 'red.7' }]}
        // Two lines of a reason fit a bar's height; a longer one is shortened, whole in the tooltip and the table.
        yAxisProps={{ width: 150, interval: 0, tickFormatter: (reason: string) => axisLabel(reason, 32) }}
        xAxisProps={{ allowDecimals: false }}
        gridAxis="x"
        valueFormatter={words.chartCount}
        withBarValueLabel
        maxBarWidth={24}
        barProps={{ isAnimationActive: false }}
        barChartProps={{ title: t('reasons.title') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
