import type { AgeBucket, DeadStockRow } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, figuresTooltip } from '../../components/charts/chart-card';
import { useCurrency } from '../../lib/format';
import { type AgeBar, ageBars, anyMoney } from './chart-data';
import { categoryColumn, componentColumn, quantityColumn, valueColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

/** Each age bucket's colour, darker the longer the stock has stood still. */
const BUCKET_COLORS: Record<AgeBucket, string> = {
  0: 'yellow.6',
  30: 'orange.5',
  90: 'orange.7',
  180: 'red.7',
  365: 'red.9',
};

/** Components on hand whose last movement is at least N days old, by how long they have stood still. */
export function DeadStockView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const { digits } = useCurrency();
  const query = useReportQuery('dead-stock', view);
  const { data } = query;
  const totals = data?.totals;
  const filtered = Boolean(view.search.categoryId);
  const bars = useMemo(
    () =>
      data
        ? ageBars(data.chart, digits, words.bucket).map((bar) => ({ ...bar, color: BUCKET_COLORS[bar.bucket] }))
        : [],
    [data, digits, words],
  );
  const componentsText = (count: number) => t('totals.components', { count, formatted: words.count(count) });

  const columns = useMemo<DataTableColumn<DeadStockRow>[]>(
    () => [
      componentColumn(t),
      categoryColumn(t),
      quantityColumn(t, words, { sums: totals?.quantities }),
      valueColumn(t, words, totals?.valueMinor),
      {
        accessor: 'lastMovementAt',
        title: t('columns.lastMovement'),
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {words.date(row.lastMovementAt)}
          </Text>
        ),
      },
      {
        accessor: 'ageDays',
        title: t('columns.age'),
        sortable: true,
        sortKey: 'age',
        render: (row) => <Figure>{t('ageDays', { count: row.ageDays, formatted: words.count(row.ageDays) })}</Figure>,
      },
    ],
    [t, words, totals],
  );

  const summary = bars
    .map((bar) =>
      t('chart.deadStock.point', {
        label: bar.label,
        value: words.money(bar.valueMinor),
        components: componentsText(bar.components),
      }),
    )
    .join(' ');
  const chart = (
    <ChartCard
      title={t('chart.deadStock.title')}
      summary={summary}
      query={query}
      empty={!anyMoney(bars) && !bars.some((bar) => bar.components > 0)}
    >
      <BarChart
        h={280}
        data={bars}
        dataKey="label"
        series={[{ name: 'value', label: t('chart.deadStock.value'), color: 'red.7' }]}
        yAxisProps={{ tickFormatter: words.compactMoney, width: 72 }}
        xAxisProps={{ interval: 0 }}
        valueFormatter={words.compactMoney}
        withBarValueLabel
        maxBarWidth={64}
        // Room above the tallest bar for its value.
        barChartProps={{ title: t('chart.deadStock.title'), margin: { top: 20 } }}
        tooltipProps={figuresTooltip<AgeBar & { color: string }>((bar) => ({
          label: bar.label,
          rows: [
            { key: 'value', color: bar.color, name: t('chart.deadStock.value'), value: words.money(bar.valueMinor) },
            { key: 'components', name: t('chart.deadStock.components'), value: words.count(bar.components) },
          ],
        }))}
      />
    </ChartCard>
  );

  return (
    <ComponentReportTable
      name="dead-stock"
      view={view}
      query={query}
      columns={columns}
      filtered={filtered}
      chart={chart}
    />
  );
}
