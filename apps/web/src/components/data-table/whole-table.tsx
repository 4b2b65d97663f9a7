import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { CSSProperties, ReactNode } from 'react';

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
  /** Its header sorts the rows, by click or Enter, when the table is given `onSortChange`. */
  sortable?: boolean;
  /**
   * Stays in view at the left while a table too wide for its screen scrolls sideways: the columns that say whose row
   * it is. Pinned columns come first.
   */
  pinned?: boolean;
};

/** The column (its key) the rows are sorted by, and which way. */
export type WholeTableSort = { column: string; direction: 'asc' | 'desc' };

type WholeRecord<Row> = { index: number; row: Row };

/**
 * A table of rows that arrive whole with their screen (an import's preview, a component's stock per location,
 * its parameters), with the look and the scrolling of the product's lists. Unlike ListTable it neither pages
 * nor hides columns: there is no server-side list behind it, and its rows are few or already chosen. Its headers
 * can sort (`sort`, `onSortChange`), but the screen sorts the rows: the table shows them in the order given.
 */
export function WholeTable<Row>({
  label,
  columns,
  rows,
  maxHeight,
  attention,
  sort,
  onSortChange,
  highlight,
  display = false,
}: {
  /** Accessible name of the table and of its scrolling region. */
  label: string;
  columns: WholeTableColumn<Row>[];
  rows: readonly Row[];
  /** Height the rows may take before they scroll under the header, which stays in view. */
  maxHeight?: number | string;
  /**
   * Rows that need attention are tinted; each must also say why in its own words or icon, as a tint alone
   * is lost on people who do not tell the colours apart.
   */
  attention?: (row: Row) => boolean;
  /** How the rows are sorted, shown on the header of that column. */
  sort?: WholeTableSort;
  /** A sortable column's header was clicked (or Enter pressed on it): the screen sorts the rows as asked. */
  onSortChange?: (sort: WholeTableSort) => void;
  /**
   * A row to pick out (the reader's own), tinted with the primary colour; as with `attention`, the row must also
   * say so in words.
   */
  highlight?: (row: Row) => boolean;
  /**
   * A board read from across a room (the TV board) rather than a list worked at: its type is its container's, which
   * the screen sizes to the room, with air between the rows to match.
   */
  display?: boolean;
}) {
  // Rows are shown in the order given (a screen that sorts them hands them over sorted); rows may repeat (one cell
  // with several errors, a parameter named twice), so the position is the key.
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
      sortable: Boolean(column.sortable && onSortChange),
      pinned: column.pinned ? 'left' : undefined,
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
      verticalSpacing={display ? '0.3em' : 6}
      fz={display ? 'inherit' : 'sm'}
      columns={tableColumns}
      records={records}
      idAccessor="index"
      // An inline style, as the stripes' colour would otherwise win over the tint on every other row.
      rowStyle={attention || highlight ? ({ row }) => tintOf(row, attention, highlight) : undefined}
      // Without a sort, no column's accessor: no header shows an arrow.
      sortStatus={{ columnAccessor: sort?.column ?? '', direction: sort?.direction ?? 'asc' }}
      onSortStatusChange={
        onSortChange
          ? (status: DataTableSortStatus<WholeRecord<Row>>) =>
              onSortChange({ column: String(status.columnAccessor), direction: status.direction })
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

function tintOf<Row>(
  row: Row,
  attention: ((row: Row) => boolean) | undefined,
  highlight: ((row: Row) => boolean) | undefined,
): CSSProperties | undefined {
  if (attention?.(row)) return opaqueTint('var(--mantine-color-orange-light)');
  if (highlight?.(row)) return opaqueTint('var(--mantine-primary-color-light)');
  return undefined;
}

/**
 * A light colour laid over the table's own background rather than seen through: pinned cells take their row's
 * background, and the cells that scroll under them must not show through.
 */
function opaqueTint(color: string): CSSProperties {
  return { background: `linear-gradient(${color}, ${color}), var(--mantine-datatable-background-color)` };
}
