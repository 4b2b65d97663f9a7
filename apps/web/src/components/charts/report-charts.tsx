// The stock reports' charts (features/reports), drawn inside the report's ChartCard. Each takes its points on the
// chart's scale and the report's words for them; the exact figures are the report's to write.
import '@mantine/charts/styles.css';
import { BarChart, CompositeChart, DonutChart } from '@mantine/charts';
import { figuresTooltip } from './chart-card';
import { axisLabel } from './chart-scale';
import { useChartWords } from './use-chart-words';

/** The kinds of movement a person posts, in the activity report's order, with their colours in the chart. */
export const MOVEMENT_KINDS = [
  { name: 'receipts', color: 'teal.6' },
  { name: 'issues', color: 'orange.6' },
  { name: 'transfers', color: 'cyan.6' },
  { name: 'adjustments', color: 'violet.5' },
  { name: 'reversals', color: 'red.6' },
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number]['name'];

const BAR_HEIGHT = 30;

export type ActivityPerson = { name: string } & Record<MovementKind, number>;

/** Stacked horizontal bars: the movements each person posted, by kind (Activity by user). */
export function ActivityChart({
  people,
  title,
  kindLabel,
}: {
  people: ActivityPerson[];
  title: string;
  kindLabel: (kind: MovementKind) => string;
}) {
  const words = useChartWords();
  return (
    <BarChart
      h={Math.max(160, people.length * BAR_HEIGHT + 90)}
      data={people}
      dataKey="name"
      type="stacked"
      orientation="vertical"
      series={MOVEMENT_KINDS.map((kind) => ({ name: kind.name, label: kindLabel(kind.name), color: kind.color }))}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 40 }}
      yAxisProps={{ width: 150, interval: 0, tickFormatter: (value: string) => axisLabel(value, 22) }}
      xAxisProps={{ allowDecimals: false, tickFormatter: words.compactCount }}
      gridAxis="x"
      valueFormatter={words.chartCount}
      maxBarWidth={22}
      barChartProps={{ title }}
    />
  );
}

const VALUE_COLOR = 'blue.6';
const ISSUES_COLOR = 'orange.6';

/** A week of consumption: its name on the axis, its Monday, its value on the chart's scale and the issues posted. */
export type ConsumptionWeek = { week: string; day: string; value: number; issues: number };

export type ConsumptionChartWords<Week> = {
  title: string;
  value: string;
  issues: string;
  /** The tooltip's heading for a week. */
  week: (week: Week) => string;
  /** The week's value, exactly. */
  money: (week: Week) => string;
};

/** Bars and a line on two scales: the value issued and the issues posted per week (Consumption). */
export function ConsumptionChart<Week extends ConsumptionWeek>({
  weeks,
  labels,
}: {
  weeks: Week[];
  labels: ConsumptionChartWords<Week>;
}) {
  const words = useChartWords();
  return (
    <CompositeChart
      h={300}
      data={weeks}
      dataKey="week"
      series={[
        { name: 'value', label: labels.value, color: VALUE_COLOR, type: 'bar' },
        { name: 'issues', label: labels.issues, color: ISSUES_COLOR, type: 'line', yAxisId: 'right' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 40 }}
      withRightYAxis
      yAxisProps={{ tickFormatter: words.compactMoney, width: 72 }}
      rightYAxisProps={{ tickFormatter: words.compactCount, width: 40, allowDecimals: false }}
      xAxisProps={{ minTickGap: 12 }}
      maxBarWidth={40}
      curveType="monotone"
      composedChartProps={{ title: labels.title }}
      tooltipProps={figuresTooltip<Week>((week) => ({
        label: labels.week(week),
        rows: [
          { key: 'value', color: VALUE_COLOR, name: labels.value, value: labels.money(week) },
          { key: 'issues', color: ISSUES_COLOR, name: labels.issues, value: words.chartCount(week.issues) },
        ],
      }))}
    />
  );
}

export type ClassSlice = { name: string; value: number; color: string };

/** A donut of shares: the consumption value of each ABC class, its share written on it (ABC analysis). */
export function ClassesDonut({ slices, title }: { slices: ClassSlice[]; title: string }) {
  const words = useChartWords();
  return (
    <DonutChart
      data={slices}
      size={200}
      thickness={34}
      withLabels
      withLabelsLine
      labelsType="percent"
      valueFormatter={words.chartMoney}
      tooltipDataSource="segment"
      pieProps={{ isAnimationActive: false }}
      pieChartProps={{ title }}
    />
  );
}

/** A figure of a movement summary as a bar: what left the stock below zero. */
export type FlowBar = { label: string; quantity: number; color: string };

/** Bars either side of zero: stock flowing from the opening to the closing balance (Movement summary). */
export function StockFlowChart<Bar extends FlowBar>({
  bars,
  title,
  quantityLabel,
  quantity,
}: {
  bars: Bar[];
  title: string;
  quantityLabel: string;
  /** The bar's quantity, exactly, in its unit. */
  quantity: (bar: Bar) => string;
}) {
  const words = useChartWords();
  return (
    <BarChart
      h={bars.length * 30 + 50}
      data={bars}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'quantity', label: quantityLabel, color: 'blue.6' }]}
      yAxisProps={{ width: 130, interval: 0 }}
      xAxisProps={{ tickFormatter: words.compactCount }}
      gridAxis="x"
      referenceLines={[{ x: 0, color: 'gray.6' }]}
      maxBarWidth={20}
      barChartProps={{ title }}
      tooltipProps={figuresTooltip<Bar>((bar) => ({
        label: bar.label,
        rows: [{ key: 'quantity', color: bar.color, name: quantityLabel, value: quantity(bar) }],
      }))}
    />
  );
}
