import type { Unit } from '@cm/contract';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ComponentCell, Figure, UnitSums } from './report-table';
import type { ReportWords } from './use-report-words';

type ReportT = TFunction<'reports'>;

/** The first cell of the totals row, which names it. */
export function totalsLabel(t: ReportT): ReactNode {
  return <Figure strong>{t('totals.label')}</Figure>;
}

/** The component, its SKU over its name, sorted by SKU; its footer names the totals row unless told otherwise. */
export function componentColumn<Row extends { sku: string; name: string }>(
  t: ReportT,
  footer: ReactNode = totalsLabel(t),
): DataTableColumn<Row> {
  return {
    accessor: 'sku',
    title: t('columns.component'),
    sortable: true,
    render: (row) => <ComponentCell sku={row.sku} name={row.name} />,
    footer,
  };
}

/** The component's category path; a dash for a component without a category. No report sorts by it. */
export function categoryColumn<Row extends { categoryPath: string | null }>(t: ReportT): DataTableColumn<Row> {
  return {
    accessor: 'categoryPath',
    title: t('columns.category'),
    render: (row) =>
      row.categoryPath ?? (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ),
  };
}

/**
 * The row's quantity in its unit, with the sums per unit in the footer when the report has them (`sums`);
 * `sortable: false` where the report's sort has no quantity.
 */
export function quantityColumn<Row extends { quantity: string; unit: Unit }>(
  t: ReportT,
  words: ReportWords,
  { sums, sortable = true }: { sums?: readonly { unit: Unit; quantity: string }[]; sortable?: boolean } = {},
): DataTableColumn<Row> {
  return {
    accessor: 'quantity',
    title: t('columns.quantity'),
    sortable,
    textAlign: 'right',
    render: (row) => <Figure>{words.quantity(row.quantity, row.unit)}</Figure>,
    footer: sums ? <UnitSums sums={sums} words={words} /> : null,
  };
}

/** The row's value in money, sorted as the server's `value`, with the report's total value in the footer. */
export function valueColumn<Row extends { valueMinor: string }>(
  t: ReportT,
  words: ReportWords,
  totalMinor: string | undefined,
): DataTableColumn<Row> {
  return {
    accessor: 'valueMinor',
    title: t('columns.value'),
    sortable: true,
    sortKey: 'value',
    textAlign: 'right',
    render: (row) => <Figure>{words.money(row.valueMinor)}</Figure>,
    footer: totalMinor === undefined ? null : <Figure strong>{words.money(totalMinor)}</Figure>,
  };
}
