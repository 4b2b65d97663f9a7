import { z } from 'zod';
import { AmoEntityId } from './sales.js';

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
  'negative',
  'notPositive',
  'unitInUse',
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
  'invalidId',
  'invalidDate',
  'invalidStatus',
  'invalidMinutes',
  'invalidCount',
  'tooLarge',
  'closedAtRequired',
  'closedAtOnOpenLead',
  'closedBeforeCreated',
  'lossReasonNotLost',
  'duplicateLead',
  'duplicateDay',
]);
export type ImportErrorCode = z.infer<typeof ImportErrorCode>;

/** A refused cell (or header, or the whole file) of an import whose columns are `column`. */
function rowErrorOf<Column extends z.ZodType<string>>(column: Column) {
  return z.object({
    row: z.number().int().describe('Row number as a spreadsheet shows it (the header is row 1); 0 for the file'),
    column: column.nullable(),
    code: ImportErrorCode,
    message: z.string().describe('English explanation; clients translate by code'),
  });
}

export const ImportRowError = rowErrorOf(ImportColumn)
  .extend({
    header: z.string().nullable().describe("The file's header of the column the value was read from"),
    value: z.string().nullable().describe('The value as the file has it; null for a missing column or the whole file'),
  })
  .meta({ id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** A field an import changes on a component that exists, as stored and as the file gives it. */
export const ComponentChange = z.object({
  row: z.number().int(),
  sku: z.string(),
  fields: z
    .array(z.object({ column: ImportColumn, from: z.string(), to: z.string() }))
    .describe(
      'Values as the API writes them: a category by its path, money in minor units, a quantity as a decimal, a unit by its code; empty for none',
    ),
});
export type ComponentChange = z.infer<typeof ComponentChange>;

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
    changes: z
      .array(ComponentChange)
      .describe('Per existing component the file changes, its changed fields (at most 1 000 components listed)'),
    changedComponents: z.number().int().describe('Existing components the file changes'),
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

/** What a sales data file holds: leads, or calls and messages per manager per day. */
export const SalesImportKind = z.enum(['leads', 'activity']);
export type SalesImportKind = z.infer<typeof SalesImportKind>;

/** Columns of the leads import, in template order; the lead id is the key (a known id updates the lead). */
export const LeadImportColumn = z.enum([
  'leadId',
  'title',
  'contact',
  'paymentMethod',
  'budget',
  'createdAt',
  'closedAt',
  'pipeline',
  'status',
  'lossReason',
  'managerAmoId',
]);
export type LeadImportColumn = z.infer<typeof LeadImportColumn>;

/** Columns of the activity import, in template order; manager and day are the key. */
export const ActivityImportColumn = z.enum(['date', 'managerAmoId', 'callMinutes', 'calls', 'messages']);
export type ActivityImportColumn = z.infer<typeof ActivityImportColumn>;

export const SalesImportColumn = z.enum([...LeadImportColumn.options, 'date', 'callMinutes', 'calls', 'messages']);
export type SalesImportColumn = z.infer<typeof SalesImportColumn>;

export const SalesImportRowError = rowErrorOf(SalesImportColumn);
export type SalesImportRowError = z.infer<typeof SalesImportRowError>;

const salesPreviewFields = {
  importId: z.uuid().nullable().describe('Null when the file has errors: nothing can be committed'),
  totalRows: z.number().int(),
  errors: z.array(SalesImportRowError).describe('At most 1 000 are listed'),
  errorCount: z.number().int(),
  sample: z
    .array(z.record(z.string(), z.string()))
    .describe('The first rows as read, keyed by column, so the user can check the mapping'),
};

const unmatchedManagerAmoIds = z
  .array(AmoEntityId)
  .describe('Manager AMO IDs of the file that no user has: their rows are imported without a manager');

export const LeadsImportPreview = z
  .object({
    kind: z.literal('leads'),
    ...salesPreviewFields,
    summary: z.object({
      newLeads: z.number().int(),
      updatedLeads: z.number().int().describe('Leads of the file already stored: they take what the file says'),
      newPipelines: z.number().int(),
      newLossReasons: z.number().int(),
      unmatchedManagerAmoIds,
    }),
  })
  .meta({ id: 'LeadsImportPreview' });
export type LeadsImportPreview = z.infer<typeof LeadsImportPreview>;

export const ActivityImportPreview = z
  .object({
    kind: z.literal('activity'),
    ...salesPreviewFields,
    summary: z.object({
      newDays: z.number().int().describe('Manager-days not stored yet'),
      replacedDays: z.number().int().describe('Manager-days whose stored numbers the file replaces'),
      unmatchedManagerAmoIds,
    }),
  })
  .meta({ id: 'ActivityImportPreview' });
export type ActivityImportPreview = z.infer<typeof ActivityImportPreview>;

export type SalesImportPreview = LeadsImportPreview | ActivityImportPreview;

export const SalesImportCommitResponse = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('leads'),
    createdLeads: z.number().int(),
    updatedLeads: z
      .number()
      .int()
      .describe('Stored leads the file changed; leads it repeats unchanged are not counted'),
    createdPipelines: z.number().int(),
    createdLossReasons: z.number().int(),
  }),
  z.object({ kind: z.literal('activity'), createdDays: z.number().int(), replacedDays: z.number().int() }),
]);
export type SalesImportCommitResponse = z.infer<typeof SalesImportCommitResponse>;

export const SalesImportTemplateQuery = ImportTemplateQuery.extend({ kind: SalesImportKind });
