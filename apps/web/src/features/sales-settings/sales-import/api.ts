import type {
  ActivityImportPreview,
  LeadsImportPreview,
  Locale,
  SalesImportCommitResponse,
  SalesImportKind,
} from '@cm/contract';
import { type ImportFormat, uploadImportFile } from '../../../components/imports/api';
import { api, apiDownload } from '../../../lib/api-client';

/** The leads or activity template, with headers and example rows in the interface language. */
export function downloadSalesTemplate(
  kind: SalesImportKind,
  format: ImportFormat,
  lang: Locale,
): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload(`/sales/imports/template?kind=${kind}&format=${format}&lang=${lang}`);
}

export function previewLeadsImport(file: File, onProgress: (fraction: number) => void): Promise<LeadsImportPreview> {
  return uploadImportFile<LeadsImportPreview>('/sales/imports/leads/preview', file, onProgress);
}

export function previewActivityImport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ActivityImportPreview> {
  return uploadImportFile<ActivityImportPreview>('/sales/imports/activity/preview', file, onProgress);
}

/** Applies a checked leads or activity file, all rows or none. */
export function commitSalesImport(importId: string): Promise<SalesImportCommitResponse> {
  return api<SalesImportCommitResponse>(`/sales/imports/${encodeURIComponent(importId)}/commit`, { method: 'POST' });
}
