import type { PlanCopyRequest, PlansUpdateRequest, SalesSettingsUpdate } from '@cm/contract';
import {
  AmoCrmUserLinkResponse,
  AmoCrmUserList,
  LeadFieldList,
  ManagerFromAmoCrmResponse,
  PipelineList,
  PlanCopyResponse,
  PlanGrid,
  PlansUpdateResponse,
  SalesSettings,
  SyncRun,
  SyncRunList,
  SyncStartResponse,
  WebhookSecretResponse,
} from '@cm/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toQueryString } from '../../components/data-table';
import { ApiError, api } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { salesSettingsKeys } from '../../lib/query-keys/sales-settings';

/** How often a running sync is asked for its counters. */
export const SYNC_POLL_MS = 1_000;

/**
 * Reads that reach amoCRM: it is slow to ask and changes rarely, so one read per visit is enough; the
 * server already retries amoCRM, so a failure (a refused token, amoCRM down) is shown at once.
 */
const AMOCRM_READ = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

export const salesSettingsQuery = queryOptions({
  queryKey: salesSettingsKeys.settings(),
  queryFn: ({ signal }) => api('/sales/settings', SalesSettings, { signal }),
});

/** Pipelines as of the last sync, or read from amoCRM now (`live`, or nothing stored yet). */
export const pipelinesQuery = (live: boolean) =>
  queryOptions({
    queryKey: salesSettingsKeys.pipelines(live),
    queryFn: ({ signal }) => api(`/sales/pipelines${live ? '?live=true' : ''}`, PipelineList, { signal }),
    ...AMOCRM_READ,
  });

/** The account's lead custom fields, always read from amoCRM. */
export const leadFieldsQuery = queryOptions({
  queryKey: salesSettingsKeys.leadFields(),
  queryFn: ({ signal }) => api('/sales/lead-fields', LeadFieldList, { signal }),
  ...AMOCRM_READ,
});

/** The account's users, read from amoCRM now, beside the managers here. */
export const amoCrmUsersQuery = queryOptions({
  queryKey: salesSettingsKeys.amocrmUsers(),
  queryFn: ({ signal }) => api('/sales/amocrm-users', AmoCrmUserList, { signal }),
  ...AMOCRM_READ,
});

/** One sync run, asked again every SYNC_POLL_MS while it is running. */
export const syncRunQuery = (id: string) =>
  queryOptions({
    queryKey: salesSettingsKeys.run(id),
    queryFn: ({ signal }) => api(`/sales/sync/runs/${encodeURIComponent(id)}`, SyncRun, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_POLL_MS : false),
  });

export const syncRunsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: salesSettingsKeys.runList(page, pageSize),
    queryFn: ({ signal }) => api(`/sales/sync/runs?${toQueryString({ page, pageSize })}`, SyncRunList, { signal }),
    placeholderData: keepPreviousData,
  });

export const planGridQuery = (year: number) =>
  queryOptions({
    queryKey: salesSettingsKeys.planGrid(year),
    queryFn: ({ signal }) => api(`/sales/plans?year=${year}`, PlanGrid, { signal }),
    placeholderData: keepPreviousData,
  });

function updateSalesSettings(input: SalesSettingsUpdate): Promise<SalesSettings> {
  return api('/sales/settings', SalesSettings, { method: 'PUT', body: input });
}

function replaceWebhookSecret() {
  return api('/sales/settings/webhook-secret', WebhookSecretResponse, { method: 'POST' });
}

function startSync(): Promise<SyncStartResponse> {
  return api('/sales/sync', SyncStartResponse, { method: 'POST' });
}

function linkAmoCrmUser({ amoUserId, userId }: { amoUserId: number; userId: string }) {
  return api(`/sales/amocrm-users/${amoUserId}/link`, AmoCrmUserLinkResponse, { method: 'POST', body: { userId } });
}

function createManagerFromAmoCrm({ amoUserId, departmentId }: { amoUserId: number; departmentId: string }) {
  return api(`/sales/amocrm-users/${amoUserId}/manager`, ManagerFromAmoCrmResponse, {
    method: 'POST',
    body: { departmentId },
  });
}

function savePlans(request: PlansUpdateRequest) {
  return api('/sales/plans', PlansUpdateResponse, { method: 'PUT', body: request });
}

function copyPlans(request: PlanCopyRequest) {
  return api('/sales/plans/copy', PlanCopyResponse, { method: 'POST', body: request });
}

/**
 * Saves the settings. Every amount shows the currency and the plans grid is in it; a new address or token
 * may be another account, whose pipelines and fields are read afresh.
 */
export function useUpdateSalesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSalesSettings,
    onSuccess: async (saved, input) => {
      const before = queryClient.getQueryData<SalesSettings>(salesSettingsKeys.settings());
      const connectionChanged = saved.baseUrl !== before?.baseUrl || input.token !== undefined;
      queryClient.setQueryData(salesSettingsKeys.settings(), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: appInfoQuery.queryKey }),
      ]);
      if (connectionChanged) await queryClient.resetQueries({ queryKey: salesSettingsKeys.amocrm() });
    },
  });
}

/** Replaces the webhook secret; the settings show the new address at once. */
export function useReplaceWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceWebhookSecret,
    onSuccess: (webhook) => {
      queryClient.setQueryData<SalesSettings>(salesSettingsKeys.settings(), (current) =>
        current ? { ...current, ...webhook } : current,
      );
    },
  });
}

/**
 * Starts a sync. When someone else's (or the schedule's) is running already, the settings are read again
 * to follow that one.
 */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesSettingsKeys.runs() }),
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'SYNC_ALREADY_RUNNING') {
        await queryClient.invalidateQueries({ queryKey: salesSettingsKeys.settings() });
      }
    },
  });
}

/** What to read again when a sync run ends: the history, the settings (last run, account) and the pipelines. */
export function useSyncRunEnded(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.runs() });
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.settings() });
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.pipelines(false) });
  }, [queryClient]);
}

/** Saves plan amounts; the grid is read back before the caller drops its edits, so no cell flickers. */
export function useSavePlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlans,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
  });
}

export function useCopyPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyPlans,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
  });
}

/**
 * What a new link between an amoCRM user and a manager makes stale: the users' matches, and the plans grid,
 * whose rows are the department's managers and AMO ID holders.
 */
function useManagersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: salesSettingsKeys.amocrmUsers() }),
      queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
    ]);
}

/** Makes an amoCRM user's id a manager's AMO ID: the manager's leads are those of that user from now on. */
export function useLinkAmoCrmUser() {
  const managersChanged = useManagersChanged();
  return useMutation({ mutationFn: linkAmoCrmUser, onSuccess: managersChanged });
}

/** Creates a manager from an amoCRM user; the answer holds their temporary password, given this once. */
export function useCreateManagerFromAmoCrm() {
  const managersChanged = useManagersChanged();
  return useMutation({ mutationFn: createManagerFromAmoCrm, onSuccess: managersChanged });
}
