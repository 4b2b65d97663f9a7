import type { ActivityByUserRow } from '@cm/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { ActivityChart, MOVEMENT_KINDS } from '../../components/charts/report-charts';
import { totalsLabel } from './report-columns';
import { Figure, ReportTable, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

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
      ...[...MOVEMENT_KINDS.map((kind) => kind.name), 'total' as const].map(
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
        value: MOVEMENT_KINDS.map((kind) => `${t(`columns.${kind.name}`)} ${words.count(person[kind.name])}`).join(
          ', ',
        ),
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
      <ActivityChart people={people} title={t('chart.activity.title')} kindLabel={(kind) => t(`columns.${kind}`)} />
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
