import {
  ActivityImportPreview,
  LeadsImportPreview,
  type Locale,
  SalesImportCommitResponse,
  type SalesImportKind,
} from '@cm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportFormat, uploadImportFile } from '../../../components/imports/api';
import { api, apiDownload } from '../../../lib/api-client';
import { salesResultsChanged } from '../../../lib/query-keys/sales-results';

/** The leads or activity template, with headers and example rows in the interface language. */
export function downloadSalesTemplate(
  kind: SalesImportKind,
  format: ImportFormat,
  lang: Locale,
): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload(`/sales/imports/template?kind=${kind}&format=${format}&lang=${lang}`);
}

export function previewLeadsImport(file: File, onProgress: (fraction: number) => void): Promise<LeadsImportPreview> {
  return uploadImportFile('/sales/imports/leads/preview', file, LeadsImportPreview, onProgress);
}

export function previewActivityImport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ActivityImportPreview> {
  return uploadImportFile('/sales/imports/activity/preview', file, ActivityImportPreview, onProgress);
}

function commitSalesImport(importId: string): Promise<SalesImportCommitResponse> {
  return api(`/sales/imports/${encodeURIComponent(importId)}/commit`, SalesImportCommitResponse, { method: 'POST' });
}

/**
 * Applies a checked leads or activity file, all rows or none: its leads and daily activity change the sales
 * figures every sales screen shows.
 */
export function useCommitSalesImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: commitSalesImport, onSuccess: () => salesResultsChanged(queryClient) });
}
