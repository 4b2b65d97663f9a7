// The charts' styles and code (recharts) come with the screens that draw charts only (ADR 0023).
import '@mantine/charts/styles.css';
import { type BonusTerms, bonusTable } from '@cm/contract';
import { type ChartReferenceLineProps, LineChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency, useFormatters } from '../../lib/format';
import { chartMoney } from './chart-scale';
import { payCurve } from './pay-curve';
import { useChartWords } from './use-chart-words';

// The lines keep their colours; their words take the text's, which keep AA contrast in both schemes.
const DIMMED_LABEL = { fill: 'var(--mantine-color-dimmed)' };
const MARK_LABEL = { fill: 'var(--mantine-color-text)', fontWeight: 600 };

export type PayChartProps = {
  terms: BonusTerms;
  planMinor: bigint;
  currentMinor: bigint;
  /** The potential revenue typed, when it reads. */
  potentialMinor: bigint | null;
  /** The id of the chart's title, which names it. */
  labelledBy: string;
  /** Where else the same figures are, said after the description. */
  tableNote?: string;
};

/**
 * Total pay by revenue from nothing to 200 % of the plan under a bonus scheme, a step at each level and at 120 %,
 * with the thresholds, the current and the potential revenue marked; a summary in words describes it to screen
 * readers.
 */
export function PayChart({ terms, planMinor, currentMinor, potentialMinor, labelledBy, tableNote }: PayChartProps) {
  const { t } = useTranslation('charts');
  const format = useFormatters();
  const words = useChartWords();
  const { digits } = useCurrency();
  const summaryId = useId();

  const points = useMemo(
    () => payCurve(terms, planMinor, potentialMinor === null ? [currentMinor] : [currentMinor, potentialMinor]),
    [terms, planMinor, currentMinor, potentialMinor],
  );
  const steps = useMemo(() => bonusTable(terms, planMinor), [terms, planMinor]);
  const totalAt = (revenueMinor: bigint) =>
    points.find((point) => point.revenueMinor === revenueMinor)?.totalMinor ?? 0n;

  const major = (minor: bigint) => chartMoney(minor, digits);
  const data = points.map((point) => ({ revenue: major(point.revenueMinor), total: major(point.totalMinor) }));

  const referenceLines: ChartReferenceLineProps[] = [
    ...steps.map(
      (step): ChartReferenceLineProps => ({
        x: major(step.revenueMinor),
        label: {
          value: step.level === null ? t('pay.at120') : t('pay.level', { level: step.level }),
          ...DIMMED_LABEL,
        },
        labelPosition: 'insideTopLeft',
        color: 'gray.6',
        strokeDasharray: '3 3',
      }),
    ),
    {
      x: major(currentMinor),
      label: { value: t('pay.current'), ...MARK_LABEL },
      labelPosition: 'insideBottomRight',
      color: 'teal.7',
      strokeWidth: 2,
    },
    ...(potentialMinor === null
      ? []
      : [
          {
            x: major(potentialMinor),
            label: { value: t('pay.potential'), ...MARK_LABEL },
            labelPosition: 'insideBottomLeft' as const,
            color: 'orange.8',
            strokeWidth: 2,
          },
        ]),
  ];

  const first = points[0];
  const last = points.at(-1);
  const summary = [
    t('pay.summary', {
      start: format.money(first?.totalMinor ?? 0n),
      end: format.money(last?.totalMinor ?? 0n),
      endRevenue: format.money(last?.revenueMinor ?? 0n),
    }),
    ...steps.map((step) =>
      t(step.level === null ? 'pay.summaryAt120' : 'pay.summaryLevel', {
        level: step.level,
        revenue: format.money(step.revenueMinor),
        total: format.money(step.result.totalMinor),
      }),
    ),
    t('pay.summaryCurrent', { revenue: format.money(currentMinor), total: format.money(totalAt(currentMinor)) }),
    ...(potentialMinor === null
      ? []
      : [
          t('pay.summaryPotential', {
            revenue: format.money(potentialMinor),
            total: format.money(totalAt(potentialMinor)),
          }),
        ]),
    ...(tableNote ? [tableNote] : []),
  ].join(' ');

  return (
    <figure aria-labelledby={labelledBy} aria-describedby={summaryId} style={{ margin: 0 }}>
      <LineChart
        h={320}
        data={data}
        dataKey="revenue"
        series={[{ name: 'total', label: t('pay.total'), color: 'blue.7' }]}
        curveType="linear"
        withDots={false}
        strokeWidth={2}
        xAxisProps={{ type: 'number', domain: [0, 'dataMax'], tickFormatter: words.compactMoney }}
        yAxisProps={{ domain: [0, 'auto'], tickFormatter: words.compactMoney, width: 84 }}
        xAxisLabel={t('pay.revenue')}
        valueFormatter={words.chartMoney}
        tooltipProps={{
          labelFormatter: (label) =>
            typeof label === 'number' ? `${t('pay.revenue')}: ${words.chartMoney(label)}` : t('pay.revenue'),
        }}
        referenceLines={referenceLines}
        // Redrawn on every keystroke: an animation each time would only distract.
        lineProps={{ isAnimationActive: false }}
        lineChartProps={{ title: t('pay.title') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
