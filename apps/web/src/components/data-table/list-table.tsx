import 'mantine-datatable/styles.css';
import { PAGE_SIZES } from '@cm/contract';
import { Button, EmptyState, Group, Menu, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconColumns3, IconInbox, IconRefresh } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus, useDataTableColumns } from 'mantine-datatable';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useStableCallback } from '../../lib/use-stable-callback';
import classes from './list-table.module.css';

/** One page of a server-side list, as every list endpoint of the contract answers it. */
export type ListPage<Row> = { items: Row[]; total: number };

/** The part of a list's URL state the table itself reads and changes. */
export type ListTableState<Sort extends string = string> = {
  page: number;
  pageSize: number;
  sort?: Sort;
  order?: 'asc' | 'desc';
};

/** What a list query hands to the table (a TanStack Query result fits as it is). */
export type ListTableQuery<Row> = {
  data: ListPage<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type ListTableProps<Row, Sort extends string = string> = {
  /** Column definitions; a column is sortable on the server when it has `sortable` and its `sortKey` (or accessor) is a sort value. */
  columns: DataTableColumn<Row>[];
  /** localStorage key under which the chosen columns are kept, e.g. `stock-columns`. */
  storeColumnsKey: string;
  query: ListTableQuery<Row>;
  state: ListTableState<Sort>;
  onStateChange: (patch: Partial<ListTableState<Sort>>) => void;
  /** Unique key of a row; defaults to `id`. */
  idAccessor?: keyof Row | ((row: Row) => string);
  /** Shown when the list is empty. */
  emptyMessage: string;
  /** A button or link under the empty message (e.g. "Receive"). */
  emptyAction?: ReactNode;
  /** Makes rows clickable and focusable; Enter or Space on a focused row does the same. */
  onRowClick?: (row: Row) => void;
  /** Accessible name of a clickable row, e.g. "Open R-10K". */
  rowLabel?: (row: Row) => string;
  /** Controls placed before the Columns button, above the table. */
  toolbar?: ReactNode;
  /** Height the rows may take before they scroll under the header, which stays in view. */
  maxHeight?: string | number;
  /** Accessible name of the table. */
  ariaLabel?: string;
  /** The last column holds the row's actions: it stays in view while a wide table scrolls sideways. */
  pinLastColumn?: boolean;
};

const SKELETON_ROWS = 6;
/** The rows of a list that has none yet: one array, so that the rows are not rendered again while it loads. */
const NO_ROWS: never[] = [];

/** What the table gives a pinned cell (mantine-datatable's own attributes, which its styles draw). */
const PINNED_CELL = { 'data-pinned': 'right', 'data-pinned-shadow': 'right' } as const;
const PINNED_STYLE = { position: 'sticky', right: 0, overflow: 'visible' } as const;

/**
 * A column that stays in view at the table's right edge while the rest scrolls sideways. The table's own
 * `pinLastColumn` measures the header's cells after the rows are in the page and then renders every row again with
 * the offsets it found, which doubled a list's first render on a phone; the last column needs no offset.
 */
function pinnedToTheRight<Row>(column: DataTableColumn<Row>): DataTableColumn<Row> {
  const { cellsStyle, customCellAttributes, titleStyle } = column;
  return {
    ...column,
    titleStyle: [titleStyle, PINNED_STYLE],
    titleClassName: [column.titleClassName, classes.pinnedTitle].filter(Boolean).join(' '),
    cellsStyle: (row, index) => [cellsStyle?.(row, index), PINNED_STYLE],
    customCellAttributes: (row, index) => ({ ...customCellAttributes?.(row, index), ...PINNED_CELL }),
  };
}

function sortKeyOf<Row>(column: DataTableColumn<Row>): string {
  return column.sortKey ?? String(column.accessor);
}

/**
 * A server-side list table: sticky header, sorting and pagination bound to the URL state, a "Columns"
 * chooser kept in localStorage, skeleton rows on first load, an overlay while a new page loads (the previous
 * page stays visible), an empty state with an optional action, an error state with Retry, and rows that
 * can be opened with the mouse or the keyboard.
 */
export function ListTable<Row, Sort extends string = string>({
  columns,
  storeColumnsKey,
  query,
  state,
  onStateChange,
  idAccessor,
  emptyMessage,
  emptyAction,
  onRowClick,
  rowLabel,
  toolbar,
  maxHeight = 'max(300px, calc(100dvh - 390px))',
  ariaLabel,
  pinLastColumn = false,
}: ListTableProps<Row, Sort>) {
  const { t, i18n } = useTranslation('tables');
  const toggleableColumns = useMemo(
    () => columns.map((column) => ({ ...column, toggleable: column.toggleable ?? true })),
    [columns],
  );
  const { effectiveColumns, columnsToggle, setColumnsToggle, resetColumnsToggle } = useDataTableColumns<Row>({
    key: storeColumnsKey,
    columns: toggleableColumns,
  });

  const { data, isPending, isFetching, error } = query;
  const loadingFirstPage = isPending && !data;
  const failed = Boolean(error) && !data;
  const records = data?.items ?? NO_ROWS;
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  // A link to a page past the end (the list shrank since) shows the last page instead of nothing.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / state.pageSize)) : 1;
  useEffect(() => {
    if (data && data.items.length === 0 && state.page > lastPage) onStateChange({ page: lastPage });
  }, [data, state.page, lastPage, onStateChange]);

  const sortColumn = state.sort
    ? columns.find((column) => sortKeyOf(column) === state.sort)
    : columns.find((column) => column.sortable);
  const direction = state.order ?? 'asc';
  const sortStatus = useMemo(
    (): DataTableSortStatus<Row> =>
      sortColumn
        ? { columnAccessor: sortColumn.accessor, sortKey: sortColumn.sortKey, direction }
        : { columnAccessor: '', direction: 'asc' },
    [sortColumn, direction],
  );

  // The chosen columns are applied here and kept under `storeColumnsKey` by the hook above. The table itself
  // gets neither the key nor `toggleable`: with them it adds a right-click menu to the header row whose ARIA
  // attributes are invalid on <thead>, and unlabeled hide buttons; the Columns menu does that job. Nor does it
  // get `defaultToggle`: it would keep such a column hidden after it was chosen.
  const visibleColumns = useMemo(() => {
    const shown = effectiveColumns.map(
      ({ toggleable: _toggleable, defaultToggle: _defaultToggle, ...column }) => column as DataTableColumn<Row>,
    );
    const last = shown.at(-1);
    return pinLastColumn && last ? [...shown.slice(0, -1), pinnedToTheRight(last)] : shown;
  }, [effectiveColumns, pinLastColumn]);

  // On the first load the table keeps its shape with grey bars instead of an empty box.
  const skeletonColumns = useMemo(
    () =>
      visibleColumns.map((column) => ({
        ...column,
        render: () => <Skeleton height={12} radius="sm" width="70%" />,
      })),
    [visibleColumns],
  );
  const skeletonRecords = useMemo(
    () => Array.from({ length: SKELETON_ROWS }, (_, index) => ({ __skeleton: index }) as unknown as Row),
    [],
  );

  const openRow = useStableCallback((row: Row) => onRowClick?.(row));
  const changeState = useStableCallback(onStateChange);
  const clickable = Boolean(onRowClick);

  const showEmptyState = !loadingFirstPage && (failed || records.length === 0);
  // Rendered only when shown: the table keeps its empty state in the page (transparent), and an invisible
  // button would still take keyboard focus.
  const emptyState = !showEmptyState ? (
    <span />
  ) : failed ? (
    <EmptyState
      style={{ pointerEvents: 'auto' }}
      icon={<IconAlertTriangle size={28} />}
      color="red"
      variant="light"
      title={t('error')}
      description={errorMessage(t, error)}
    >
      <EmptyState.Actions>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  ) : (
    <EmptyState
      style={{ pointerEvents: 'auto' }}
      icon={<IconInbox size={28} />}
      withIndicatorBackground
      description={emptyMessage}
    >
      {emptyAction ? <EmptyState.Actions>{emptyAction}</EmptyState.Actions> : null}
    </EmptyState>
  );

  const changeSort = useStableCallback((status: DataTableSortStatus<Row>) => {
    const column = columns.find((candidate) => candidate.accessor === status.columnAccessor);
    if (column) onStateChange({ sort: sortKeyOf(column) as Sort, order: status.direction });
  });
  const changePage = useStableCallback((page: number) => changeState({ page }));
  const changePageSize = useStableCallback((pageSize: number) => changeState({ pageSize }));
  const rowAttributes = useCallback(
    (row: Row) => ({
      tabIndex: 0,
      'aria-label': rowLabel?.(row),
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        // Keys pressed on a button inside the row belong to that button.
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          openRow(row);
        }
      },
    }),
    [rowLabel, openRow],
  );
  const shownEmptyState = showEmptyState ? emptyState : null;

  // The rows are rendered again only when what they show changes: a parent's re-render (another query of
  // the screen arriving, a keystroke in a filter) leaves them alone. A page of rows is most of a list screen's
  // rendering work.
  const grid = useMemo(
    () => (
      <DataTable<Row>
        aria-label={ariaLabel}
        aria-busy={isFetching}
        withTableBorder
        borderRadius="md"
        highlightOnHover={clickable}
        striped
        minHeight={records.length === 0 && !loadingFirstPage ? (failed ? 320 : 260) : undefined}
        // The rows scroll in the table's own viewport, bounded here. The table's `maxHeight` would bound its
        // outer box only: Chromium then lets the viewport grow as tall as every row and clips it, so rows past
        // the box could be reached by neither the wheel nor the keyboard. A table wider than a narrow screen
        // scrolls sideways: its scrollbar shows whenever it does (not only on hover, where nobody would know
        // to look), and keyboard users reach the viewport with Tab to scroll it.
        scrollAreaProps={{
          type: 'auto',
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': ariaLabel, style: { maxHeight } },
        }}
        columns={loadingFirstPage ? skeletonColumns : visibleColumns}
        records={loadingFirstPage ? skeletonRecords : failed ? [] : records}
        idAccessor={
          loadingFirstPage
            ? (row: Row) => String((row as { __skeleton: number }).__skeleton)
            : ((idAccessor ?? 'id') as keyof Row)
        }
        fetching={isFetching && !loadingFirstPage}
        // While the first page loads the footer says so instead of "no records".
        noRecordsText={loadingFirstPage ? t('loading') : failed ? t('error') : emptyMessage}
        loaderBackgroundBlur={1}
        emptyState={shownEmptyState ?? <span />}
        sortStatus={sortStatus}
        onSortStatusChange={changeSort}
        page={state.page}
        onPageChange={changePage}
        totalRecords={loadingFirstPage ? undefined : failed ? 0 : (data?.total ?? 0)}
        recordsPerPage={state.pageSize}
        recordsPerPageOptions={[...PAGE_SIZES]}
        onRecordsPerPageChange={changePageSize}
        recordsPerPageLabel={t('rowsPerPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('range', { from: number.format(from), to: number.format(to), total: number.format(totalRecords) })
        }
        loadingText={t('loading')}
        getPaginationControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        paginationWithEdges
        onRowClick={clickable && !loadingFirstPage ? ({ record }) => openRow(record) : undefined}
        customRowAttributes={clickable && !loadingFirstPage ? rowAttributes : undefined}
      />
    ),
    [
      ariaLabel,
      isFetching,
      clickable,
      records,
      loadingFirstPage,
      failed,
      maxHeight,
      skeletonColumns,
      visibleColumns,
      skeletonRecords,
      idAccessor,
      t,
      emptyMessage,
      shownEmptyState,
      sortStatus,
      changeSort,
      state.page,
      changePage,
      data?.total,
      state.pageSize,
      changePageSize,
      number,
      openRow,
      rowAttributes,
    ],
  );

  const toggleable = columnsToggle.filter((toggle) => toggle.toggleable);
  const titleOf = (accessor: string) => {
    const column = columns.find((candidate) => String(candidate.accessor) === accessor);
    return typeof column?.title === 'string' ? column.title : accessor;
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
          {toolbar}
        </Group>
        <Menu position="bottom-end" closeOnItemClick={false} withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="default" leftSection={<IconColumns3 size={16} />}>
              {t('columns')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('visibleColumns')}</Menu.Label>
            {toggleable.map((toggle) => (
              <Menu.CheckboxItem
                key={toggle.accessor}
                checked={toggle.toggled}
                // The last visible column cannot be hidden: a table without columns helps nobody.
                disabled={toggle.toggled && toggleable.filter((other) => other.toggled).length === 1}
                onChange={(checked) =>
                  setColumnsToggle(
                    columnsToggle.map((other) =>
                      other.accessor === toggle.accessor ? { ...other, toggled: checked } : other,
                    ),
                  )
                }
              >
                {titleOf(toggle.accessor)}
              </Menu.CheckboxItem>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={resetColumnsToggle}>{t('resetColumns')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {grid}
    </Stack>
  );
}
