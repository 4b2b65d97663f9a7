/**
 * Building blocks of tables: server-side lists (ListTable), and rows that arrive whole (WholeTable). A list screen typically reads:
 *
 *   const [search, update] = useListSearch(StockListQuery);
 *   const query = useQuery({ ...stockListQuery(search), placeholderData: keepPreviousData });
 *   <ListTable query={query} state={search} onStateChange={update} columns={columns}
 *     storeColumnsKey="stock-columns" emptyMessage={t('empty')}
 *     toolbar={<ListSearchInput value={search.q} onChange={(q) => update({ q })} />} />
 *   <ExportMenu path="/stock/export" filters={search} />
 *
 * and fetches with `api('/stock?' + toQueryString(search), StockList)`, the contract's schema checking the answer.
 */
export { CodeText } from './code-text';
export { DateTimeText } from './date-time-text';
export { ExportMenu, type ExportMenuProps, saveFile } from './export-menu';
export { FilterSelect, type FilterSelectProps, pathOptions } from './filter-select';
export { ListSearchInput, type ListSearchInputProps } from './list-search-input';
export {
  type ListPage,
  ListTable,
  type ListTableProps,
  type ListTableQuery,
  type ListTableState,
} from './list-table';
export { RowMenu, type RowMenuProps } from './row-menu';
export {
  LIST_PAGE_FRESH_MS,
  parseListSearch,
  SEARCH_DEBOUNCE_MS,
  toQueryString,
  useDebouncedSearchText,
  useListSearch,
} from './use-list-search';
export { WholeTable, type WholeTableColumn, type WholeTableSort } from './whole-table';
