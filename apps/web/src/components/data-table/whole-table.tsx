import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/**
 * A column of a whole table; `truncate` keeps long cells to one line, cut with an ellipsis, and `footer` is the
 * column's cell in a totals row under the rows.
 */
export type WholeTableColumn<Row> = {
  key: string;
  title: string;
  width?: number;
  truncate?: boolean;
  align?: 'left' | 'right';
  render: (row: Row) => ReactNode;
  footer?: ReactNode;
};

type WholeRecord<Row> = { index: number; row: Row };

/**
 * A table of rows that arrive whole with their screen (an import's preview, a component's stock per location,
 * its parameters), with the look and the scrolling of the product's lists. Unlike ListTable it neither pages,
 * sorts nor hides columns: there is no server-side list behind it, and its rows are few or already chosen.
 */
export function WholeTable<Row>({
  label,
  columns,
  rows,
  maxHeight,
  attention,
}: {
  /** Accessible name of the table and of its scrolling region. */
  label: string;
  columns: WholeTableColumn<Row>[];
  rows: readonly Row[];
  /** Height the rows may take before they scroll under the header, which stays in view. */
  maxHeight?: number;
  /**
   * Rows that need attention are tinted; each must also say why in its own words or icon, as a tint alone
   * is lost on people who do not tell the colours apart.
   */
  attention?: (row: Row) => boolean;
}) {
  // Rows are shown in the order given and never reorder; rows may repeat (one cell with several errors, a
  // parameter named twice), so the position is the key.
  const records = rows.map((row, index) => ({ index, row }));
  const tableColumns = columns.map(
    (column): DataTableColumn<WholeRecord<Row>> => ({
      accessor: column.key,
      title: column.title,
      width: column.width,
      textAlign: column.align,
      footer: column.footer,
      titleStyle: { whiteSpace: 'nowrap' },
      ellipsis: column.truncate,
      cellsStyle: column.truncate ? () => ({ maxWidth: 240 }) : undefined,
      render: ({ row }) => column.render(row),
    }),
  );
  return (
    <DataTable<WholeRecord<Row>>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      verticalSpacing={6}
      fz="sm"
      columns={tableColumns}
      records={records}
      idAccessor="index"
      // An inline style, as the stripes' colour would otherwise win over the tint on every other row.
      rowStyle={
        attention
          ? ({ row }) => (attention(row) ? { backgroundColor: 'var(--mantine-color-orange-light)' } : undefined)
          : undefined
      }
      // As in ListTable: the rows scroll in the table's own viewport, bounded here so the wheel and the
      // keyboard reach every row; keyboard users reach the viewport with Tab, also to scroll a wide sample
      // sideways. The scrollbars take their own room: over the last row they would hide it.
      scrollAreaProps={{
        type: 'auto',
        offsetScrollbars: 'present',
        viewportProps: {
          tabIndex: 0,
          role: 'region',
          'aria-label': label,
          style: maxHeight === undefined ? undefined : { maxHeight },
        },
      }}
    />
  );
}
