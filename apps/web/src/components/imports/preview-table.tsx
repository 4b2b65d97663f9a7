import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** A column of a preview table; `truncate` keeps long cells to one line, cut with an ellipsis. */
export type PreviewColumn<Row> = {
  key: string;
  title: string;
  width?: number;
  truncate?: boolean;
  render: (row: Row) => ReactNode;
};

type PreviewRecord<Row> = { index: number; row: Row };

/**
 * The table of an import's preview, for its row errors and its first rows as read, with the look of the
 * product's lists. Unlike ListTable it neither pages, sorts nor hides columns: a preview arrives whole in
 * one answer, and its columns are the file's.
 */
export function PreviewTable<Row>({
  label,
  columns,
  rows,
  maxHeight,
}: {
  /** Accessible name of the table and of its scrolling region. */
  label: string;
  columns: PreviewColumn<Row>[];
  rows: readonly Row[];
  /** Height the rows may take before they scroll under the header, which stays in view. */
  maxHeight?: number;
}) {
  // Rows are shown as read and never reorder; one cell may have several errors, so the position is the key.
  const records = rows.map((row, index) => ({ index, row }));
  const tableColumns = columns.map(
    (column): DataTableColumn<PreviewRecord<Row>> => ({
      accessor: column.key,
      title: column.title,
      width: column.width,
      titleStyle: { whiteSpace: 'nowrap' },
      ellipsis: column.truncate,
      cellsStyle: column.truncate ? () => ({ maxWidth: 240 }) : undefined,
      render: ({ row }) => column.render(row),
    }),
  );
  return (
    <DataTable<PreviewRecord<Row>>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      verticalSpacing={6}
      fz="sm"
      columns={tableColumns}
      records={records}
      idAccessor="index"
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
