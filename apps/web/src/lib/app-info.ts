import type { AppInfoResponse } from '@cm/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicApi } from './api-client';
import { appInfoKeys } from './query-keys/app-info';

/** The organisation's name, time zone and currency, which titles and formatted figures everywhere use. */
export const appInfoQuery = queryOptions({
  queryKey: appInfoKeys.all,
  queryFn: () => publicApi<AppInfoResponse>('/app-info'),
  staleTime: Number.POSITIVE_INFINITY,
});
