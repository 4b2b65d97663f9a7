import type { AbcClass, AbcRow } from '@cm/contract';
import { LineChart } from '@mantine/charts';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { ClassesDonut } from '../../components/charts/report-charts';
import { useCurrency } from '../../lib/format';
import { CLASS_COLORS, classSlices } from './chart-data';
import { componentColumn, quantityColumn, valueColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

/** A class as a badge in its chart colour, its letter readable without the colour; inline, as it sits in a sentence. */
export function ClassBadge({ abcClass }: { abcClass: AbcClass }) {
  return (
    <Badge component="span" variant="filled" color={CLASS_COLORS[abcClass]} size="md" radius="sm" w={32}>
      {abcClass}
    </Badge>
  );
}

/** Components ranked by consumption value over a period, in classes A, B and C by their cumulative share. */
export function AbcAnalysisView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const { digits } = useCurrency();
  const query = useReportQuery('abc-analysis', view);
  const { data } = query;
  const totals = data?.totals;
  const { a, b } = view.search;
  const slices = useMemo(
    () => (data ? classSlices(data.chart.classes, digits, (abcClass) => t(`classes.${abcClass}`)) : []),
    [data, digits, t],
  );
  // The curve starts at the origin: no component, no share of the value.
  const curve = useMemo(() => (data ? [{ rank: 0, cumulativePercent: 0 }, ...data.chart.curve] : []), [data]);

  const columns = useMemo<DataTableColumn<AbcRow>[]>(
    () => [
      {
        accessor: 'rank',
        title: t('columns.rank'),
        sortable: true,
        textAlign: 'right',
        width: 72,
        render: (row) => <Figure>{words.count(row.rank)}</Figure>,
      },
      componentColumn(t),
      // The analysis ranks by value; its sort (AbcSort) has no quantity.
      quantityColumn(t, words, { sortable: false }),
      valueColumn(t, words, totals?.valueMinor),
      {
        accessor: 'sharePercent',
        title: t('columns.share'),
        textAlign: 'right',
        render: (row) => <Figure>{words.percent(row.sharePercent.toFixed(2))}</Figure>,
      },
      {
        accessor: 'cumulativePercent',
        title: t('columns.cumulative'),
        textAlign: 'right',
        render: (row) => <Figure>{words.percent(row.cumulativePercent.toFixed(2))}</Figure>,
      },
      {
        accessor: 'class',
        title: t('columns.class'),
        textAlign: 'center',
        render: (row) => <ClassBadge abcClass={row.class} />,
      },
    ],
    [t, words, totals],
  );

  const summary = (data?.chart.classes ?? [])
    .map((entry) =>
      t('chart.abc.point', {
        class: entry.class,
        components: t('totals.components', { count: entry.components, formatted: words.count(entry.components) }),
        value: words.money(entry.valueMinor),
        share: words.percent(entry.sharePercent.toFixed(2)),
      }),
    )
    .join(' ');
  const chart = (
    <ChartCard
      title={t('chart.abc.classesTitle')}
      summary={summary}
      query={query}
      empty={slices.length === 0 || !slices.some((slice) => slice.value > 0)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack align="center" gap="xs">
          <ClassesDonut slices={slices} title={t('chart.abc.classesTitle')} />
          <Stack gap={2}>
            {(data?.chart.classes ?? []).map((entry) => (
              <Text key={entry.class} size="sm">
                <ClassBadge abcClass={entry.class} />{' '}
                {t('chart.abc.point', {
                  class: entry.class,
                  components: t('totals.components', {
                    count: entry.components,
                    formatted: words.count(entry.components),
                  }),
                  value: words.money(entry.valueMinor),
                  share: words.percent(entry.sharePercent.toFixed(2)),
                })}
              </Text>
            ))}
          </Stack>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('chart.abc.curveTitle')}
          </Text>
          <LineChart
            h={260}
            data={curve}
            dataKey="rank"
            series={[{ name: 'cumulativePercent', label: t('chart.abc.cumulative'), color: 'blue.6' }]}
            curveType="linear"
            withDots={curve.length <= 31}
            yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], width: 52 }}
            xAxisProps={{ allowDecimals: false }}
            xAxisLabel={t('chart.abc.rank')}
            valueFormatter={words.chartPercent}
            referenceLines={[
              { y: a, color: CLASS_COLORS.A, label: `A ${words.chartPercent(a)}`, labelPosition: 'insideBottomLeft' },
              {
                y: a + b,
                color: CLASS_COLORS.B,
                label: `B ${words.chartPercent(a + b)}`,
                labelPosition: 'insideBottomLeft',
              },
            ]}
            // Room above the top tick: without it its label is pushed below its grid line.
            lineChartProps={{ title: t('chart.abc.curveTitle'), margin: { top: 12, right: 12 } }}
          />
        </Stack>
      </SimpleGrid>
    </ChartCard>
  );

  return <ComponentReportTable name="abc-analysis" view={view} query={query} columns={columns} chart={chart} />;
}
