// The charts' styles and code (recharts) come with the calculator's chunk only: no other screen loads them
// (ADR 0023). Not a lazy chunk of its own: the split moved shared code into new chunks the sign-in page loads.
import '@mantine/charts/styles.css';
import { type BonusTerms, bonusTable } from '@cm/contract';
import { type ChartReferenceLineProps, LineChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../lib/format';
import { payCurve } from './pay-curve';
import { useCalculatorWords } from './use-words';

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
};

/**
 * Total pay by revenue from nothing to 200 % of the plan, a step at each level and at 120 %, with the
 * thresholds, the current and the potential revenue marked; a summary in words describes it to screen readers.
 */
export default function PayChart({ terms, planMinor, currentMinor, potentialMinor, labelledBy }: PayChartProps) {
  const { t, i18n } = useTranslation('calculator');
  const words = useCalculatorWords();
  const { code: currency, digits } = useCurrency();
  const summaryId = useId();

  const points = useMemo(
    () => payCurve(terms, planMinor, potentialMinor === null ? [currentMinor] : [currentMinor, potentialMinor]),
    [terms, planMinor, currentMinor, potentialMinor],
  );
  const steps = useMemo(() => bonusTable(terms, planMinor), [terms, planMinor]);
  const totalAt = (revenueMinor: bigint) =>
    points.find((point) => point.revenueMinor === revenueMinor)?.totalMinor ?? 0n;

  // Positions on the drawing only: the figures people read are written from the exact minor units.
  const scale = 10 ** digits;
  const major = (minor: bigint) => Number(minor) / scale;
  const data = points.map((point) => ({ revenue: major(point.revenueMinor), total: major(point.totalMinor) }));
  const compact = useMemo(
    () =>
      new Intl.NumberFormat(i18n.language, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
    [i18n.language, currency],
  );
  // The tooltip asks for its label before a point is chosen, too: no figure then.
  const exact = (value: number) => (Number.isFinite(value) ? words.money(BigInt(Math.round(value * scale))) : '');

  const referenceLines: ChartReferenceLineProps[] = [
    ...steps.map(
      (step): ChartReferenceLineProps => ({
        x: major(step.revenueMinor),
        label: {
          value: step.level === null ? t('chart.at120') : t('chart.level', { level: step.level }),
          ...DIMMED_LABEL,
        },
        labelPosition: 'insideTopLeft',
        color: 'gray.6',
        strokeDasharray: '3 3',
      }),
    ),
    {
      x: major(currentMinor),
      label: { value: t('chart.current'), ...MARK_LABEL },
      labelPosition: 'insideBottomRight',
      color: 'teal.7',
      strokeWidth: 2,
    },
    ...(potentialMinor === null
      ? []
      : [
          {
            x: major(potentialMinor),
            label: { value: t('chart.potential'), ...MARK_LABEL },
            labelPosition: 'insideBottomLeft' as const,
            color: 'orange.8',
            strokeWidth: 2,
          },
        ]),
  ];

  const first = points[0];
  const last = points.at(-1);
  const summary = [
    t('chart.summary', {
      start: words.money(first?.totalMinor ?? 0n),
      end: words.money(last?.totalMinor ?? 0n),
      endRevenue: words.money(last?.revenueMinor ?? 0n),
    }),
    ...steps.map((step) =>
      t(step.level === null ? 'chart.summaryAt120' : 'chart.summaryLevel', {
        level: step.level,
        revenue: words.money(step.revenueMinor),
        total: words.money(step.result.totalMinor),
      }),
    ),
    t('chart.summaryCurrent', { revenue: words.money(currentMinor), total: words.money(totalAt(currentMinor)) }),
    ...(potentialMinor === null
      ? []
      : [
          t('chart.summaryPotential', {
            revenue: words.money(potentialMinor),
            total: words.money(totalAt(potentialMinor)),
          }),
        ]),
    t('chart.summaryTable'),
  ].join(' ');

  return (
    <figure aria-labelledby={labelledBy} aria-describedby={summaryId} style={{ margin: 0 }}>
      <LineChart
        h={320}
        data={data}
        dataKey="revenue"
        series={[{ name: 'total', label: t('chart.total'), color: 'blue.7' }]}
        curveType="linear"
        withDots={false}
        strokeWidth={2}
        xAxisProps={{ type: 'number', domain: [0, 'dataMax'], tickFormatter: compact.format }}
        yAxisProps={{ domain: [0, 'auto'], tickFormatter: compact.format, width: 84 }}
        xAxisLabel={t('chart.revenue')}
        valueFormatter={exact}
        tooltipProps={{
          labelFormatter: (label) =>
            typeof label === 'number' ? `${t('chart.revenue')}: ${exact(label)}` : t('chart.revenue'),
        }}
        referenceLines={referenceLines}
        // Redrawn on every keystroke: an animation each time would only distract.
        lineProps={{ isAnimationActive: false }}
        lineChartProps={{ title: t('chart.title') }}
      />
      <VisuallyHidden component="p" id={summaryId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
