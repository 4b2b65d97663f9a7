import type { AgeBucket, DeadStockRow } from '@cm/contract';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../lib/format';
import { ChartCard, FiguresTooltip, pointOf } from './chart-card';
import { type AgeBar, ageBars, anyMoney } from './chart-data';
import { ComponentCell, Figure, ReportTable, type ReportViewProps, UnitSums, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

const componentOf = (row: DeadStockRow) => row;

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
      {
        accessor: 'sku',
        title: t('columns.component'),
        sortable: true,
        render: (row) => <ComponentCell sku={row.sku} name={row.name} />,
        footer: <Figure strong>{t('totals.label')}</Figure>,
      },
      {
        accessor: 'categoryPath',
        title: t('columns.category'),
        render: (row) =>
          row.categoryPath ?? (
            <Text span size="sm" c="dimmed">
              —
            </Text>
          ),
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
        accessor: 'valueMinor',
        title: t('columns.value'),
        sortable: true,
        sortKey: 'value',
        textAlign: 'right',
        render: (row) => <Figure>{words.money(row.valueMinor)}</Figure>,
        footer: totals ? <Figure strong>{words.money(totals.valueMinor)}</Figure> : null,
      },
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
      loading={!data}
      empty={!anyMoney(bars) && !bars.some((bar) => bar.components > 0)}
      stale={query.isPlaceholderData}
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
        tooltipProps={{
          content: ({ payload }) => {
            const bar = pointOf<AgeBar & { color: string }>(payload);
            return bar ? (
              <FiguresTooltip
                label={bar.label}
                rows={[
                  {
                    key: 'value',
                    color: bar.color,
                    name: t('chart.deadStock.value'),
                    value: words.money(bar.valueMinor),
                  },
                  { key: 'components', name: t('chart.deadStock.components'), value: words.count(bar.components) },
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
      name="dead-stock"
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
