import type { ConsumptionRow } from '@cm/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { ConsumptionChart } from '../../components/charts/report-charts';
import { useCurrency } from '../../lib/format';
import { anyMoney, consumptionWeeks } from './chart-data';
import { componentColumn, quantityColumn, valueColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

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
      <ConsumptionChart
        weeks={weeks}
        labels={{
          title: t('chart.consumption.title'),
          value: t('chart.consumption.value'),
          issues: t('chart.consumption.issues'),
          week: (week) => t('chart.consumption.week', { day: words.day(week.day) }),
          money: (week) => words.money(week.valueMinor),
        }}
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
