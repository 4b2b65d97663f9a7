import { IMPORT_CONTENT_TYPES, type ImportCommitResponse, type ImportPreview } from '@cm/contract';
import { api, apiDownload, apiUpload } from '../../lib/api-client';

export type ImportFormat = keyof typeof IMPORT_CONTENT_TYPES;

/** The import format of a file by its name, or null for anything else. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

/** The template in the given format, with headers and an example row in the interface language. */
export function downloadTemplate(format: ImportFormat, lang: 'en' | 'ru'): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload(`/imports/template?format=${format}&lang=${lang}`);
}

/**
 * Uploads the file for checking. Browsers label CSV files inconsistently (text/csv, application/vnd.ms-excel,
 * or nothing), so the type sent is the one the server expects for the file's extension.
 */
export function previewImport(file: File, onProgress: (fraction: number) => void): Promise<ImportPreview> {
  const format = importFormatOf(file.name) ?? 'csv';
  const body = new Blob([file], { type: IMPORT_CONTENT_TYPES[format] });
  return apiUpload<ImportPreview>('/imports/components/preview', body, onProgress);
}

/** Applies a checked import, all rows or none. */
export function commitImport(importId: string): Promise<ImportCommitResponse> {
  return api<ImportCommitResponse>(`/imports/${encodeURIComponent(importId)}/commit`, { method: 'POST' });
}
