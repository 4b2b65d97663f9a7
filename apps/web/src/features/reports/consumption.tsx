import type { ConsumptionRow } from '@cm/contract';
import { CompositeChart } from '@mantine/charts';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../lib/format';
import { ChartCard, FiguresTooltip, pointOf } from './chart-card';
import { anyMoney, consumptionWeeks, type WeekPoint } from './chart-data';
import { ComponentCell, Figure, ReportTable, type ReportViewProps, UnitSums, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const componentOf = (row: ConsumptionRow) => row;

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
      {
        accessor: 'sku',
        title: t('columns.component'),
        sortable: true,
        render: (row) => <ComponentCell sku={row.sku} name={row.name} />,
        footer: <Figure strong>{t('totals.label')}</Figure>,
      },
      {
        accessor: 'quantity',
        title: t('columns.quantity'),
        sortable: true,
        textAlign: 'right',
        render: (row) => <Figure>{words.quantity(row.quantity, row.unit)}</Figure>,
        footer: totals ? <UnitSums sums={totals.quantities} words={words} /> : null,
      },
      {
        accessor: 'issues',
        title: t('columns.issues'),
        sortable: true,
        textAlign: 'right',
        render: (row) => <Figure>{words.count(row.issues)}</Figure>,
        footer: totals ? <Figure strong>{words.count(totals.issues)}</Figure> : null,
      },
      {
        accessor: 'valueMinor',
        title: t('columns.value'),
        sortable: true,
        sortKey: 'value',
        textAlign: 'right',
        render: (row) => <Figure>{words.money(row.valueMinor)}</Figure>,
        footer: totals ? <Figure strong>{words.money(totals.valueMinor)}</Figure> : null,
      },
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
      loading={!data}
      empty={!weeks.some((week) => week.issues > 0) && !anyMoney(weeks)}
      stale={query.isPlaceholderData}
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
        tooltipProps={{
          content: ({ payload }) => {
            const week = pointOf<WeekPoint>(payload);
            return week ? (
              <FiguresTooltip
                label={t('chart.consumption.week', { day: words.day(week.day) })}
                rows={[
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
                ]}
              />
            ) : null;
          },
        }}
      />
    </ChartCard>
  );

  return (
    <ReportTable
      name="consumption"
      view={view}
      query={query}
      columns={columns}
      idAccessor="componentId"
      componentOf={componentOf}
      filtered={filtered}
      chart={chart}
    />
  );
}
