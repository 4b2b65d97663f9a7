import type {
  BonusSchemeRequest,
  ManagementType,
  PlanCopyRequest,
  PlansUpdateRequest,
  SalesSettingsUpdate,
} from '@cm/contract';
import {
  AmoCrmUserLinkResponse,
  AmoCrmUserList,
  BonusSchemeList,
  BonusSchemeVersion,
  LeadFieldList,
  ManagerFromAmoCrmResponse,
  PipelineList,
  PlanCopyResponse,
  PlanGrid,
  PlansUpdateResponse,
  SalesMonth,
  SalesMonthList,
  SalesSettings,
  SyncRun,
  SyncRunList,
  SyncStartResponse,
  WebhookSecretResponse,
} from '@cm/contract';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toQueryString } from '../../components/data-table';
import { ApiError, api } from '../../lib/api-client';
import { appInfoQuery } from '../../lib/app-info';
import { bonusSchemeKeys, bonusSchemesChanged } from '../../lib/query-keys/bonus-schemes';
import { salesMonthKeys } from '../../lib/query-keys/sales-months';
import { salesResultsChanged } from '../../lib/query-keys/sales-results';
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

/** Every version of the three management types' bonus schemes, the newest month first. */
export const bonusSchemesQuery = queryOptions({
  queryKey: bonusSchemeKeys.list(),
  queryFn: ({ signal }) => api('/sales/bonus-schemes', BonusSchemeList, { signal }),
});

/** A version of a bonus scheme: its management type and the month (`YYYY-MM`) it takes effect. */
export type BonusSchemeVersionKey = { managementType: ManagementType; effectiveFrom: string };

const bonusSchemePath = ({ managementType, effectiveFrom }: BonusSchemeVersionKey) =>
  `/sales/bonus-schemes/${encodeURIComponent(managementType)}/${encodeURIComponent(effectiveFrom)}`;

function saveBonusScheme({ request, ...version }: BonusSchemeVersionKey & { request: BonusSchemeRequest }) {
  return api(bonusSchemePath(version), BonusSchemeVersion, { method: 'PUT', body: request });
}

function deleteBonusScheme(version: BonusSchemeVersionKey) {
  return api(bonusSchemePath(version), null, { method: 'DELETE' });
}

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
      // The time zone and the counted pipelines decide every sales figure.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
        queryClient.invalidateQueries({ queryKey: appInfoQuery.queryKey }),
        salesResultsChanged(queryClient),
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

/**
 * What to read again when a sync run ends: the history, the settings (last run, account), the pipelines, and the
 * sales figures its leads changed.
 */
export function useSyncRunEnded(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void salesResultsChanged(queryClient);
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.runs() });
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.settings() });
    void queryClient.invalidateQueries({ queryKey: salesSettingsKeys.pipelines(false) });
  }, [queryClient]);
}

/** What new plans make stale: the grid, and every figure measured against a plan (fact/plan, bonuses). */
function usePlansChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
      salesResultsChanged(queryClient),
    ]);
}

/** Saves plan amounts; the grid is read back before the caller drops its edits, so no cell flickers. */
export function useSavePlans() {
  const plansChanged = usePlansChanged();
  return useMutation({ mutationFn: savePlans, onSuccess: plansChanged });
}

export function useCopyPlans() {
  const plansChanged = usePlansChanged();
  return useMutation({ mutationFn: copyPlans, onSuccess: plansChanged });
}

/**
 * What a new link between an amoCRM user and a manager makes stale: the users' matches, the plans grid, whose rows
 * are the department's managers and AMO ID holders, and the sales figures, whose leads follow the AMO ID.
 */
function useManagersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: salesSettingsKeys.amocrmUsers() }),
      queryClient.invalidateQueries({ queryKey: salesSettingsKeys.plans() }),
      salesResultsChanged(queryClient),
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

/**
 * Creates or replaces the version of a management type's scheme from a month: the schemes and the calculator's
 * starting point are stale then. A refusal because a month it pays was closed meanwhile means the list's locks
 * are stale too.
 */
export function useSaveBonusScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBonusScheme,
    onSuccess: () => bonusSchemesChanged(queryClient),
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'MONTH_CLOSED') {
        await bonusSchemesChanged(queryClient);
      }
    },
  });
}

/**
 * Deletes a version that has not taken effect yet. The server refuses one in effect or past, or one already
 * gone: the list was stale (a new month began, someone else deleted it) and is read again.
 */
export function useDeleteBonusScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBonusScheme,
    onSuccess: () => bonusSchemesChanged(queryClient),
    onError: async (error) => {
      if (error instanceof ApiError && (error.code === 'BONUS_SCHEME_IN_EFFECT' || error.code === 'NOT_FOUND')) {
        await bonusSchemesChanged(queryClient);
      }
    },
  });
}

/** The current department's months of a year up to now, newest first, open or closed. */
export const salesMonthsQuery = (year: number) =>
  queryOptions({
    queryKey: salesMonthKeys.year(year),
    queryFn: ({ signal }) => api(`/sales/months?year=${year}`, SalesMonthList, { signal }),
    placeholderData: keepPreviousData,
  });

/** A month's figures per manager: live, and frozen when it is closed. */
export const salesMonthQuery = (month: string) =>
  queryOptions({
    queryKey: salesMonthKeys.month(month),
    queryFn: ({ signal }) => api(`/sales/months/${month}`, SalesMonth, { signal }),
  });

/**
 * After a month is closed or reopened: the figures every sales screen shows for it, and the bonus schemes, whose
 * versions lock while they pay a closed month.
 */
function salesMonthsChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    salesResultsChanged(queryClient),
    queryClient.invalidateQueries({ queryKey: bonusSchemeKeys.all }),
  ]).then(() => undefined);
}

function closeMonth(month: string) {
  return api(`/sales/months/${month}/close`, SalesMonth, { method: 'POST' });
}

function reopenMonth(month: string) {
  return api(`/sales/months/${month}/reopen`, SalesMonth, { method: 'POST' });
}

/** Freezes an ended month's figures and bonuses; the months, and the locks of the schemes, are stale then. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeMonth, onSettled: () => salesMonthsChanged(queryClient) });
}

/** Opens a closed month again, dropping its frozen figures. */
export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reopenMonth, onSettled: () => salesMonthsChanged(queryClient) });
}
