import type { LowStockRow } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { categoryColumn, componentColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const BAR_HEIGHT = 28;

/** A bar's colour by how little of the minimum is left: red under a quarter, orange under a half, else yellow. */
function shortageColor(percent: number): string {
  if (percent < 25) return 'red.7';
  if (percent < 50) return 'orange.6';
  return 'yellow.6';
}

/** The reorder list: components below their minimum stock, the furthest below first. */
export function LowStockView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const query = useReportQuery('low-stock', view);
  const { data } = query;
  const filtered = Boolean(view.search.q || view.search.categoryId);
  const bars = useMemo(
    () => (data?.chart ?? []).map((point) => ({ sku: point.sku, onHand: point.onHandPercent })),
    [data],
  );

  const columns = useMemo<DataTableColumn<LowStockRow>[]>(
    () => [
      // The list has no sums: its totals row counts the components to reorder.
      componentColumn(
        t,
        data ? (
          <Figure strong>{t('totals.components', { count: data.total, formatted: words.count(data.total) })}</Figure>
        ) : null,
      ),
      categoryColumn(t),
      {
        accessor: 'onHand',
        title: t('columns.onHand'),
        sortable: true,
        textAlign: 'right',
        render: (row) => <Figure>{words.quantity(row.onHand, row.unit)}</Figure>,
      },
      {
        accessor: 'minimumStock',
        title: t('columns.minimum'),
        textAlign: 'right',
        render: (row) => <Figure>{words.quantity(row.minimumStock, row.unit)}</Figure>,
      },
      {
        accessor: 'shortfall',
        title: t('columns.shortfall'),
        sortable: true,
        textAlign: 'right',
        render: (row) => <Figure strong>{words.quantity(row.shortfall, row.unit)}</Figure>,
      },
      {
        accessor: 'shortfallPercent',
        title: t('columns.shortfallPercent'),
        sortable: true,
        sortKey: 'shortfallShare',
        textAlign: 'right',
        render: (row) => <Figure>{words.percent(row.shortfallPercent.toFixed(2))}</Figure>,
      },
      {
        accessor: 'lastReceipt',
        title: t('columns.lastReceipt'),
        render: (row) =>
          row.lastReceipt ? (
            <Stack gap={0}>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {words.date(row.lastReceipt.receivedAt)}
              </Text>
              {row.lastReceipt.unitCostMinor !== null ? (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('unitCostAt', { cost: words.money(row.lastReceipt.unitCostMinor) })}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('noReceipt')}
            </Text>
          ),
      },
    ],
    [t, words, data],
  );

  const summary = bars
    .map((bar) => t('chart.point', { label: bar.sku, value: words.chartPercent(bar.onHand) }))
    .join(' ');
  const chart = (
    <ChartCard
      title={t('chart.lowStock.title')}
      description={t('chart.lowStock.description')}
      summary={summary}
      query={query}
      empty={bars.length === 0}
    >
      <BarChart
        h={Math.max(140, bars.length * BAR_HEIGHT + 50)}
        data={bars}
        dataKey="sku"
        orientation="vertical"
        series={[{ name: 'onHand', label: t('chart.lowStock.onHand'), color: 'orange.6' }]}
        getBarColor={shortageColor}
        yAxisProps={{ width: 150, interval: 0 }}
        xAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], tickFormatter: words.chartPercent }}
        gridAxis="x"
        valueFormatter={words.chartPercent}
        withBarValueLabel
        maxBarWidth={20}
        // Room on the right for the value beside the longest bar.
        barChartProps={{ title: t('chart.lowStock.title'), margin: { right: 48 } }}
      />
    </ChartCard>
  );

  return (
    <ComponentReportTable
      name="low-stock"
      view={view}
      query={query}
      columns={columns}
      filtered={filtered}
      chart={chart}
    />
  );
}
