import type { ConsumptionRow } from '@cm/contract';
import { CompositeChart } from '@mantine/charts';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../lib/format';
import { ChartCard, figuresTooltip } from './chart-card';
import { anyMoney, consumptionWeeks, type WeekPoint } from './chart-data';
import { componentColumn, quantityColumn, valueColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const VALUE_COLOR = 'blue.6';
const ISSUES_COLOR = 'orange.6';

/** What was issued over a period: per component in the table, per week in the chart (value and issues). */
export function ConsumptionView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const { digits } = useCurrency();
  const query = useReportQuery('consumption', view);
  const { data } = query;
  const totals = data?.totals;
  const filtered = Boolean(view.search.q || view.search.categoryId);
  const weeks = useMemo(() => (data ? consumptionWeeks(data.chart, digits, words.week) : []), [data, digits, words]);
  const issuesText = (count: number) => t('issuesCount', { count, formatted: words.count(count) });

  const columns = useMemo<DataTableColumn<ConsumptionRow>[]>(
    () => [
      componentColumn(t),
      quantityColumn(t, words, { sums: totals?.quantities }),
      {
        accessor: 'issues',
        title: t('columns.issues'),
        sortable: true,
        textAlign: 'right',
        render: (row) => <Figure>{words.count(row.issues)}</Figure>,
        footer: totals ? <Figure strong>{words.count(totals.issues)}</Figure> : null,
      },
      valueColumn(t, words, totals?.valueMinor),
    ],
    [t, words, totals],
  );

  const summary = weeks
    .map((week) =>
      t('chart.consumption.point', {
        day: words.day(week.day),
        value: words.money(week.valueMinor),
        issues: issuesText(week.issues),
      }),
    )
    .join(' ');
  const chart = (
    <ChartCard
      title={t('chart.consumption.title')}
      summary={summary}
      query={query}
      empty={!weeks.some((week) => week.issues > 0) && !anyMoney(weeks)}
    >
      <CompositeChart
        h={300}
        data={weeks}
        dataKey="week"
        series={[
          { name: 'value', label: t('chart.consumption.value'), color: VALUE_COLOR, type: 'bar' },
          { name: 'issues', label: t('chart.consumption.issues'), color: ISSUES_COLOR, type: 'line', yAxisId: 'right' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 40 }}
        withRightYAxis
        yAxisProps={{ tickFormatter: words.compactMoney, width: 72 }}
        rightYAxisProps={{ tickFormatter: words.compactCount, width: 40, allowDecimals: false }}
        xAxisProps={{ minTickGap: 12 }}
        maxBarWidth={40}
        curveType="monotone"
        composedChartProps={{ title: t('chart.consumption.title') }}
        tooltipProps={figuresTooltip<WeekPoint>((week) => ({
          label: t('chart.consumption.week', { day: words.day(week.day) }),
          rows: [
            {
              key: 'value',
              color: VALUE_COLOR,
              name: t('chart.consumption.value'),
              value: words.money(week.valueMinor),
            },
            {
              key: 'issues',
              color: ISSUES_COLOR,
              name: t('chart.consumption.issues'),
              value: words.count(week.issues),
            },
          ],
        }))}
      />
    </ChartCard>
  );

  return (
    <ComponentReportTable
      name="consumption"
      view={view}
      query={query}
      columns={columns}
      filtered={filtered}
      chart={chart}
    />
  );
}
