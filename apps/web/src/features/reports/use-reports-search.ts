import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useListSearch } from '../../components/data-table';
import { nextSearch, ReportsSearch } from './search';

/**
 * The screen's state in the URL (useListSearch reads it), written from the address as it is at the moment of each
 * change (nextSearch): a report's view can be slow to render, and a change made against the last rendered state
 * meanwhile would bring back the report just left.
 */
export function useReportsSearch(): [ReportsSearch, (patch: Partial<ReportsSearch>) => void] {
  const [search] = useListSearch(ReportsSearch);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: Partial<ReportsSearch>) => {
      void navigate({
        to: '.',
        replace: true,
        search: ((previous: Record<string, unknown>) => nextSearch(previous, patch)) as never,
      });
    },
    [navigate],
  );
  return [search, update];
}
