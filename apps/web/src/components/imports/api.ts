import {
  IMPORT_CONTENT_TYPES,
  ImportCommitResponse,
  ImportFileReading,
  ImportPreview,
  type Locale,
} from '@cm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiDownload, apiUpload } from '../../lib/api-client';
import { stockAreaChanged } from '../../lib/query-keys/stock-area';

export type ImportFormat = keyof typeof IMPORT_CONTENT_TYPES;

/** The import format of a file by its name, or null for anything else. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

/**
 * Uploads a file to a preview route. Browsers label CSV files inconsistently (text/csv,
 * application/vnd.ms-excel, or nothing), so the type sent is the one the server expects for the extension.
 */
export function uploadImportFile<Preview>(
  path: string,
  file: File,
  preview: z.ZodType<Preview>,
  onProgress: (fraction: number) => void,
): Promise<Preview> {
  const format = importFormatOf(file.name) ?? 'csv';
  const body = new Blob([file], { type: IMPORT_CONTENT_TYPES[format] });
  return apiUpload(path, body, preview, onProgress);
}

/** The template in the given format, with headers and an example row in the interface language. */
export function downloadTemplate(format: ImportFormat, lang: Locale): Promise<{ blob: Blob; fileName: string }> {
  return apiDownload(`/imports/template?format=${format}&lang=${lang}`);
}

/** Uploads a components file to be mapped; the server keeps it for an hour and proposes a mapping. */
export function readImportFile(file: File, onProgress: (fraction: number) => void): Promise<ImportFileReading> {
  return uploadImportFile('/imports/components/files', file, ImportFileReading, onProgress);
}

/** Checks a read components file through the mapping the user chose. */
export function previewImport(reading: ImportFileReading): Promise<ImportPreview> {
  return api(`/imports/components/files/${encodeURIComponent(reading.fileId)}/preview`, ImportPreview, {
    method: 'POST',
    body: reading.mapping,
  });
}

function commitImport(importId: string): Promise<ImportCommitResponse> {
  return api(`/imports/${encodeURIComponent(importId)}/commit`, ImportCommitResponse, { method: 'POST' });
}

/**
 * Applies a checked components import, all rows or none. It creates and updates components and categories
 * and posts opening balances: every view of stock and of the catalogue is stale after it.
 */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => stockAreaChanged(queryClient),
  });
}
