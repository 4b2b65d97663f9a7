import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appInfoQuery } from '../lib/app-info';

const FALLBACK_NAME = 'Components Master';

/** Sets `{Page} · {APP_NAME}[ | {APP_BRAND}]` as the document title (PRODUCT.md §1). */
export function usePageTitle(page: string): void {
  const { data } = useQuery(appInfoQuery);
  useEffect(() => {
    const name = data?.name ?? FALLBACK_NAME;
    document.title = `${page} · ${name}${data?.brand ? ` | ${data.brand}` : ''}`;
  }, [page, data]);
}
