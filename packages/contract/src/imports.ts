import { z } from 'zod';

/** Largest import file accepted, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 50_000;

export const IMPORT_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Columns of the components import, in template order; headers are accepted in English or Russian. */
export const ImportColumn = z.enum([
  'sku',
  'name',
  'category',
  'manufacturer',
  'manufacturerPartNumber',
  'package',
  'unit',
  'minimumStock',
  'unitCost',
  'datasheetUrl',
  'description',
  'location',
  'openingQuantity',
]);
export type ImportColumn = z.infer<typeof ImportColumn>;

/** Why a cell was refused; the web shows each in the reader's language. */
export const ImportErrorCode = z.enum([
  'required',
  'tooLong',
  'invalidSku',
  'invalidNumber',
  'tooManyDecimals',
  'notWhole',
  'unknownUnit',
  'unknownLocation',
  'invalidUrl',
  'duplicateInFile',
  'openingStockExists',
  'locationWithoutQuantity',
  'unknownColumn',
  'missingColumn',
  'emptyFile',
  'tooManyRows',
]);
export type ImportErrorCode = z.infer<typeof ImportErrorCode>;

export const ImportRowError = z.object({
  row: z.number().int().describe('Row number as a spreadsheet shows it (the header is row 1); 0 for the file'),
  column: ImportColumn.nullable(),
  code: ImportErrorCode,
  message: z.string().describe('English explanation; clients translate by code'),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportPreview = z
  .object({
    importId: z.uuid().nullable().describe('Null when the file has errors: nothing can be committed'),
    totalRows: z.number().int(),
    errors: z.array(ImportRowError).describe('At most 1 000 are listed'),
    errorCount: z.number().int(),
    summary: z.object({
      newComponents: z.number().int(),
      updatedComponents: z.number().int(),
      newCategories: z.number().int(),
      openingBalances: z.number().int(),
    }),
    sample: z
      .array(z.record(z.string(), z.string()))
      .describe('The first rows as read, keyed by column, so the user can check the mapping'),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportCommitResponse = z.object({
  createdComponents: z.number().int(),
  updatedComponents: z.number().int(),
  createdCategories: z.number().int(),
  openingBalances: z.number().int(),
});
export type ImportCommitResponse = z.infer<typeof ImportCommitResponse>;

export const ImportTemplateQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
  lang: z.enum(['en', 'ru']).default('en'),
});
