import type { StockValuationRow } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { axisLabel } from '../../components/charts/chart-scale';
import { useCurrency } from '../../lib/format';
import { valuationBars } from './chart-data';
import { quantityColumn, totalsLabel, valueColumn } from './report-columns';
import { Figure, ReportTable, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const BAR_HEIGHT = 30;

const rowId = (row: StockValuationRow) => `${row.groupId ?? 'none'}:${row.unit}`;

/** Stock on hand and its value at the end of a day, per category or location and unit of measure. */
export function StockValuationView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const { digits } = useCurrency();
  const query = useReportQuery('stock-valuation', view);
  const { data } = query;
  const groupBy = view.search.groupBy;
  const totals = data?.totals;

  const bars = useMemo(
    () => (data ? valuationBars(data, digits, words.group, t('chart.otherGroups')) : []),
    [data, digits, words, t],
  );

  const columns = useMemo<DataTableColumn<StockValuationRow>[]>(
    () => [
      {
        accessor: 'group',
        title: t(`columns.group_${groupBy}`),
        sortable: true,
        render: (row) =>
          row.group ?? (
            <Text span size="sm" c="dimmed">
              {t('chart.withoutCategory')}
            </Text>
          ),
        footer: totalsLabel(t),
      },
      {
        accessor: 'components',
        title: t('columns.components'),
        textAlign: 'right',
        render: (row) => <Figure>{words.count(row.components)}</Figure>,
      },
      quantityColumn(t, words, { sums: totals?.quantities }),
      valueColumn(t, words, totals?.valueMinor),
    ],
    [t, words, groupBy, totals],
  );

  const summary = bars
    .map((bar) => t('chart.point', { label: bar.group, value: words.money(bar.valueMinor) }))
    .join(' ');
  const chart = (
    <ChartCard title={t(`chart.valuation.title_${groupBy}`)} summary={summary} query={query} empty={bars.length === 0}>
      <BarChart
        h={Math.max(140, bars.length * BAR_HEIGHT + 50)}
        data={bars}
        dataKey="group"
        orientation="vertical"
        series={[{ name: 'value', label: t('columns.value'), color: 'blue.6' }]}
        yAxisProps={{ width: 210, interval: 0, tickFormatter: (value: string) => axisLabel(value, 30) }}
        xAxisProps={{ tickFormatter: words.compactMoney }}
        gridAxis="x"
        valueFormatter={words.chartMoney}
        maxBarWidth={22}
        barChartProps={{ title: t(`chart.valuation.title_${groupBy}`) }}
      />
    </ChartCard>
  );

  return (
    <ReportTable name="stock-valuation" view={view} query={query} columns={columns} idAccessor={rowId} chart={chart} />
  );
}
