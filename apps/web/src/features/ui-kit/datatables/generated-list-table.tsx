import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable, type ListTableProps, type ListTableState } from '../../../components/data-table';
import { rowId } from './generated-columns';
import type { GeneratedComponent } from './generated-components';
import { type GeneratedListRequest, type GeneratedSort, isFiltered, LIST_STATE } from './generated-list';

export type GeneratedListTableProps = Omit<
  ListTableProps<GeneratedComponent, GeneratedSort>,
  'state' | 'onStateChange' | 'idAccessor' | 'emptyMessage' | 'ariaLabel'
> & {
  /** The list's sorting and page, and the filters the page shows. */
  state: ListTableState<GeneratedSort> & Partial<GeneratedListRequest>;
  onStateChange: (patch: Partial<GeneratedListRequest>) => void;
  /** Accessible name of the table, for a second table of a page; the list's own otherwise. */
  ariaLabel?: string;
  /** An empty list that its filters emptied offers to clear every one of them, as the stock screen's does. */
  withClearFilters?: boolean;
};

/**
 * The product's list table over the generated rows, wired as a list screen wires it to its endpoint: rows known by
 * their id, and an empty list that says whether the filters or the set itself left it empty.
 */
export function GeneratedListTable({
  state,
  onStateChange,
  ariaLabel,
  withClearFilters = false,
  emptyAction,
  ...props
}: GeneratedListTableProps) {
  const { t } = useTranslation('kit-datatables');
  const filtered = isFiltered(state);
  // The state has a key for every filter its page shows, set or not: clearing its keys clears just those.
  const clearFilters = () =>
    onStateChange(
      Object.fromEntries(Object.keys(state).flatMap((key) => (key in LIST_STATE ? [] : [[key, undefined]]))),
    );
  return (
    <ListTable<GeneratedComponent, GeneratedSort>
      {...props}
      ariaLabel={ariaLabel ?? t('list.label')}
      state={state}
      onStateChange={onStateChange}
      idAccessor={rowId}
      emptyMessage={filtered ? t('list.emptyFiltered') : t('list.empty')}
      emptyAction={
        withClearFilters && filtered ? (
          <Button variant="default" onClick={clearFilters}>
            {t('list.clearFilters')}
          </Button>
        ) : (
          emptyAction
        )
      }
    />
  );
}
