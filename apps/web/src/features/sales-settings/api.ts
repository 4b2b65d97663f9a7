import type {
  LeadFieldList,
  PipelineList,
  PlanCopyRequest,
  PlanGrid,
  PlansUpdateRequest,
  SalesSettings,
  SalesSettingsUpdate,
  SyncRun,
  SyncRunList,
  SyncStartResponse,
} from '@cm/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { toQueryString } from '../../components/data-table';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** How often a running sync is asked for its counters. */
export const SYNC_POLL_MS = 1_000;

/**
 * Reads that reach amoCRM: it is slow to ask and changes rarely, so one read per visit is enough; the
 * server already retries amoCRM, so a failure (a refused token, amoCRM down) is shown at once.
 */
const AMOCRM_READ = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

export const salesSettingsQuery = queryOptions({
  queryKey: queryKeys.salesSettings.settings(),
  queryFn: ({ signal }) => api<SalesSettings>('/sales/settings', { signal }),
});

/** Pipelines as of the last sync, or read from amoCRM now (`live`, or nothing stored yet). */
export const pipelinesQuery = (live: boolean) =>
  queryOptions({
    queryKey: queryKeys.salesSettings.pipelines(live),
    queryFn: ({ signal }) => api<PipelineList>(`/sales/pipelines${live ? '?live=true' : ''}`, { signal }),
    ...AMOCRM_READ,
  });

/** The account's lead custom fields, always read from amoCRM. */
export const leadFieldsQuery = queryOptions({
  queryKey: queryKeys.salesSettings.leadFields(),
  queryFn: ({ signal }) => api<LeadFieldList>('/sales/lead-fields', { signal }),
  ...AMOCRM_READ,
});

/** One sync run, asked again every SYNC_POLL_MS while it is running. */
export const syncRunQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.salesSettings.run(id),
    queryFn: ({ signal }) => api<SyncRun>(`/sales/sync/runs/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_POLL_MS : false),
  });

export const syncRunsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.salesSettings.runList(page, pageSize),
    queryFn: ({ signal }) => api<SyncRunList>(`/sales/sync/runs?${toQueryString({ page, pageSize })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const planGridQuery = (year: number) =>
  queryOptions({
    queryKey: queryKeys.salesSettings.planGrid(year),
    queryFn: ({ signal }) => api<PlanGrid>(`/sales/plans?year=${year}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function updateSalesSettings(input: SalesSettingsUpdate): Promise<SalesSettings> {
  return api<SalesSettings>('/sales/settings', { method: 'PUT', body: input });
}

export function replaceWebhookSecret(): Promise<{ webhookPath: string; webhookUrl: string | null }> {
  return api('/sales/settings/webhook-secret', { method: 'POST' });
}

export function startSync(): Promise<SyncStartResponse> {
  return api<SyncStartResponse>('/sales/sync', { method: 'POST' });
}

export function savePlans(request: PlansUpdateRequest): Promise<{ saved: number; removed: number }> {
  return api('/sales/plans', { method: 'PUT', body: request });
}

export function copyPlans(request: PlanCopyRequest): Promise<{ copied: number; skipped: number }> {
  return api('/sales/plans/copy', { method: 'POST', body: request });
}
