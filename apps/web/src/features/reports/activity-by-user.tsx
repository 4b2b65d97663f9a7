import type { ActivityByUserRow } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { axisLabel } from './chart-data';
import { totalsLabel } from './report-columns';
import { Figure, ReportTable, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const BAR_HEIGHT = 30;

/** The kinds of movement counted, in the table's and the chart's order, with their colours in the chart. */
const KINDS = [
  { name: 'receipts', color: 'teal.6' },
  { name: 'issues', color: 'orange.6' },
  { name: 'transfers', color: 'cyan.6' },
  { name: 'adjustments', color: 'violet.5' },
  { name: 'reversals', color: 'red.6' },
] as const;

/** Movements each person posted over a period, by type, the most active first. */
export function ActivityByUserView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const query = useReportQuery('activity-by-user', view);
  const { data } = query;
  const totals = data?.totals;
  const people = data?.chart ?? [];

  const columns = useMemo<DataTableColumn<ActivityByUserRow>[]>(
    () => [
      {
        accessor: 'name',
        title: t('columns.name'),
        sortable: true,
        footer: totalsLabel(t),
      },
      ...[...KINDS.map((kind) => kind.name), 'total' as const].map(
        (kind): DataTableColumn<ActivityByUserRow> => ({
          accessor: kind,
          title: t(`columns.${kind}`),
          sortable: true,
          textAlign: 'right',
          render: (row) => <Figure strong={kind === 'total'}>{words.count(row[kind])}</Figure>,
          footer: totals ? <Figure strong>{words.count(totals[kind])}</Figure> : null,
        }),
      ),
    ],
    [t, words, totals],
  );

  const summary = people
    .map((person) =>
      t('chart.point', {
        label: person.name,
        value: KINDS.map((kind) => `${t(`columns.${kind.name}`)} ${words.count(person[kind.name])}`).join(', '),
      }),
    )
    .join(' ');
  const chart = (
    <ChartCard
      title={t('chart.activity.title')}
      description={t('chart.activity.description')}
      summary={summary}
      query={query}
      empty={!people.some((person) => person.total > 0)}
    >
      <BarChart
        h={Math.max(160, people.length * BAR_HEIGHT + 90)}
        data={people}
        dataKey="name"
        type="stacked"
        orientation="vertical"
        series={KINDS.map((kind) => ({ name: kind.name, label: t(`columns.${kind.name}`), color: kind.color }))}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 40 }}
        yAxisProps={{ width: 150, interval: 0, tickFormatter: (value: string) => axisLabel(value, 22) }}
        xAxisProps={{ allowDecimals: false, tickFormatter: words.compactCount }}
        gridAxis="x"
        valueFormatter={(value) => (Number.isFinite(value) ? words.count(value) : '')}
        maxBarWidth={22}
        barChartProps={{ title: t('chart.activity.title') }}
      />
    </ChartCard>
  );

  return (
    <ReportTable
      name="activity-by-user"
      view={view}
      query={query}
      columns={columns}
      idAccessor="userId"
      chart={chart}
    />
  );
}
