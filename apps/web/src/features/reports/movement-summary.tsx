import type { MovementSummaryRow, Unit } from '@cm/contract';
import { Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../components/charts/chart-card';
import { StockFlowChart } from '../../components/charts/report-charts';
import { SegmentedChoice } from '../../components/forms/segmented-choice';
import { MOVEMENT_FIGURES, type MovementFigure, movementCharts, movementHasFigures } from './chart-data';
import { componentColumn } from './report-columns';
import { ComponentReportTable, Figure, type ReportViewProps, useReportQuery } from './report-table';
import { useReportWords } from './use-report-words';

/** Which figures of the summary its table can sort by (the contract's MovementSummarySort). */
const SORTABLE: readonly MovementFigure[] = ['opening', 'received', 'issued', 'closing'];

/**
 * Opening balance, receipts, issues, transfers, stocktake differences and closing balance of each component over a
 * period; the chart shows the same flow summed per unit of measure.
 */
export function MovementSummaryView(view: ReportViewProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const query = useReportQuery('movement-summary', view);
  const { data } = query;
  const totals = data?.totals;
  const filtered = Boolean(view.search.q || view.search.categoryId || view.search.locationId);

  const charts = useMemo(
    () => (totals ? movementCharts(totals.units, (figure) => t(`figures.${figure}`)) : []),
    [totals, t],
  );

  const columns = useMemo<DataTableColumn<MovementSummaryRow>[]>(
    () => [
      componentColumn(t),
      ...MOVEMENT_FIGURES.map(
        (figure): DataTableColumn<MovementSummaryRow> => ({
          accessor: figure,
          title: t(`columns.${figure}`),
          sortable: SORTABLE.includes(figure),
          textAlign: 'right',
          render: (row) => <Figure strong={figure === 'closing'}>{words.quantity(row[figure], row.unit)}</Figure>,
          footer: totals ? (
            <Stack gap={0} align="flex-end">
              {totals.units.map((unitTotals) => (
                <Figure key={unitTotals.unit} strong>
                  {words.quantity(unitTotals[figure], unitTotals.unit)}
                </Figure>
              ))}
            </Stack>
          ) : null,
        }),
      ),
      {
        accessor: 'closingValueMinor',
        title: t('columns.closingValue'),
        textAlign: 'right',
        render: (row) => <Figure>{words.money(row.closingValueMinor)}</Figure>,
        footer: totals ? <Figure strong>{words.money(totals.closingValueMinor)}</Figure> : null,
      },
    ],
    [t, words, totals],
  );

  // Pieces and metres do not share a scale: one unit at a time, pieces first when there are any.
  const [chosenUnit, setChosenUnit] = useState<Unit | null>(null);
  const shown =
    charts.find(({ unit }) => unit === chosenUnit) ?? charts.find(({ unit }) => unit === 'pcs') ?? charts[0];
  const summary = (totals?.units ?? [])
    .map((unitTotals) =>
      MOVEMENT_FIGURES.map((figure) =>
        t('chart.point', { label: t(`figures.${figure}`), value: words.quantity(unitTotals[figure], unitTotals.unit) }),
      ).join(' '),
    )
    .join(' ');

  const chart = (
    <ChartCard
      title={t('chart.movement.title')}
      summary={summary}
      query={query}
      empty={!totals || !movementHasFigures(totals.units)}
    >
      <Stack gap="xs">
        {charts.length > 1 ? (
          <SegmentedChoice<Unit>
            label={t('chart.movement.unit')}
            value={shown?.unit ?? charts[0]?.unit ?? 'pcs'}
            options={charts.map(({ unit }) => ({ value: unit, label: words.unit(unit) }))}
            onChange={setChosenUnit}
          />
        ) : null}
        {shown ? (
          <StockFlowChart
            bars={shown.bars}
            title={t('chart.movement.title')}
            quantityLabel={t('chart.movement.quantity')}
            quantity={(bar) => words.quantity(bar.exact, shown.unit)}
          />
        ) : null}
      </Stack>
    </ChartCard>
  );

  return (
    <ComponentReportTable
      name="movement-summary"
      view={view}
      query={query}
      columns={columns}
      filtered={filtered}
      chart={chart}
    />
  );
}
