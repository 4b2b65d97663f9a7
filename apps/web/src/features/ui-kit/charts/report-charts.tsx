// The reports' charts (components/charts/report-charts) inside the product's ChartCard, on sample figures, with the
// words the kit gives them in place of the reports'.
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChartCard, cssColor } from '../../../components/charts/chart-card';
import {
  ActivityChart,
  ClassesDonut,
  ConsumptionChart,
  type ConsumptionWeek,
  MOVEMENT_KINDS,
  StockFlowChart,
} from '../../../components/charts/report-charts';
import { useChartWords } from '../../../components/charts/use-chart-words';
import { usePeriodWords } from '../../../components/sales-period/use-period-words';
import { useFormatters } from '../../../lib/format';
import { ABC_CLASSES, ACTIVITY, CONSUMPTION_WEEKS, PEOPLE_KEYS, STOCK_FLOW } from './samples';

/** What a chart card is shown in: figures read, none yet, or the last parameters' while new ones are read. */
export type CardState = 'shown' | 'loading' | 'empty' | 'stale';

function cardProps(state: CardState) {
  return {
    query: { data: state === 'loading' ? undefined : {}, isPlaceholderData: state === 'stale' },
    empty: state === 'empty',
    titleOrder: 3 as const,
  };
}

/** Activity by user's chart: stacked bars of the movements each person posted, by kind. */
export function ActivitySample({ state = 'shown' }: { state?: CardState }) {
  const { t } = useTranslation('kit-charts');
  const words = useChartWords();
  const people = ACTIVITY.map((kinds, index) => ({ name: t(`samples.people.${PEOPLE_KEYS[index]}`), ...kinds }));
  const summary = people
    .map((person) =>
      t('samples.point', {
        label: person.name,
        value: MOVEMENT_KINDS.map(
          (kind) => `${t(`samples.kinds.${kind.name}`)} ${words.chartCount(person[kind.name])}`,
        ).join(', '),
      }),
    )
    .join(' ');
  return (
    <ChartCard
      title={t('samples.activity.title')}
      description={t('samples.activity.description')}
      summary={summary}
      {...cardProps(state)}
    >
      <ActivityChart
        people={people}
        title={t('samples.activity.title')}
        kindLabel={(kind) => t(`samples.kinds.${kind}`)}
      />
    </ChartCard>
  );
}

/** Consumption's chart: the value issued and the issues posted per week. */
export function ConsumptionSample() {
  const { t } = useTranslation('kit-charts');
  const words = useChartWords();
  const periods = usePeriodWords();
  const weeks: ConsumptionWeek[] = CONSUMPTION_WEEKS.map((week) => {
    const sunday = new Date(Date.parse(`${week.monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    return {
      week: periods.bucket('week', { from: week.monday, to: sunday }),
      day: week.monday,
      value: week.value,
      issues: week.issues,
    };
  });
  const summary = weeks
    .map((week) =>
      t('samples.consumption.point', {
        day: periods.day(week.day),
        value: words.chartMoney(week.value),
        issues: t('samples.consumption.issuesCount', { count: week.issues, formatted: words.chartCount(week.issues) }),
      }),
    )
    .join(' ');
  return (
    <ChartCard title={t('samples.consumption.title')} summary={summary} {...cardProps('shown')}>
      <ConsumptionChart
        weeks={weeks}
        labels={{
          title: t('samples.consumption.title'),
          value: t('samples.consumption.value'),
          issues: t('samples.consumption.issues'),
          week: (week) => t('samples.consumption.week', { day: periods.day(week.day) }),
          money: (week) => words.chartMoney(week.value),
        }}
      />
    </ChartCard>
  );
}

/** ABC analysis's donut: the consumption value of each class. */
export function ClassesSample() {
  const { t } = useTranslation('kit-charts');
  const words = useChartWords();
  const total = ABC_CLASSES.reduce((sum, entry) => sum + entry.value, 0);
  const slices = ABC_CLASSES.map((entry) => ({
    name: t('samples.abc.class', { class: entry.abcClass }),
    value: entry.value,
    color: entry.color,
  }));
  // As the report lists its classes under the donut: each colour named, with its figures.
  const lines = slices.map((slice) => ({
    ...slice,
    text: t('samples.point', {
      label: slice.name,
      value: `${words.chartMoney(slice.value)} (${words.chartPercent((slice.value * 100) / total)})`,
    }),
  }));
  const summary = lines.map((line) => line.text).join(' ');
  return (
    <ChartCard title={t('samples.abc.title')} summary={summary} {...cardProps('shown')}>
      <Stack align="center" gap="xs">
        <ClassesDonut slices={slices} title={t('samples.abc.title')} />
        <Stack gap={2}>
          {lines.map((line) => (
            <Group key={line.name} gap="xs" wrap="nowrap">
              <ColorSwatch color={cssColor(line.color)} size={12} withShadow={false} />
              <Text size="sm">{line.text}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </ChartCard>
  );
}

/** Movement summary's chart: stock flowing from the opening to the closing balance. */
export function StockFlowSample() {
  const { t } = useTranslation('kit-charts');
  const format = useFormatters();
  const bars = STOCK_FLOW.map((bar) => ({ ...bar, label: t(`samples.flow.${bar.figure}`) }));
  // What left the stock is drawn below zero and said as the quantity it was.
  const quantity = (value: number) => format.quantity(String(Math.abs(value)), 'pcs');
  const summary = bars.map((bar) => t('samples.point', { label: bar.label, value: quantity(bar.quantity) })).join(' ');
  return (
    <ChartCard title={t('samples.flow.title')} summary={summary} {...cardProps('shown')}>
      <StockFlowChart
        bars={bars}
        title={t('samples.flow.title')}
        quantityLabel={t('samples.flow.quantity')}
        quantity={(bar) => quantity(bar.quantity)}
      />
    </ChartCard>
  );
}
