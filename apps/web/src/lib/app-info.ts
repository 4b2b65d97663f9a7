import type { AppInfoResponse } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicApi } from './api-client';
import { queryKeys } from './query-keys';

/** The organisation's name, time zone and currency, which titles and formatted figures everywhere use. */
export const appInfoQuery = queryOptions({
  queryKey: queryKeys.appInfo.all,
  queryFn: () => publicApi<AppInfoResponse>('/app-info'),
  staleTime: Number.POSITIVE_INFINITY,
});
