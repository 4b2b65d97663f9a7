import { IMPORT_MAX_ROWS, type ImportErrorCode, type Locale } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';

// What every import shares once its file is read into a table: headers in either language, one row error
// vocabulary, the limits, and the problem a commit answers when the rows no longer pass.

/** A column of an import file: its key and its header in each language (a file may use either, or the key). */
export type ImportTableColumn<Key extends string> = {
  key: Key;
  header: Record<Locale, string>;
  required: boolean;
};

/** A refused cell, header or file; `row` as a spreadsheet numbers it (header 1), 0 for the whole file. */
export type RowError<Key extends string> = {
  row: number;
  column: Key | null;
  code: ImportErrorCode;
  message: string;
};

/** One non-empty row below the header: its spreadsheet number and its cells by column. */
export type TableRecord<Key extends string> = { number: number; values: Partial<Record<Key, string>> };

const MESSAGES: Record<ImportErrorCode, string> = {
  required: 'A value is required.',
  tooLong: 'The value is too long.',
  invalidSku: 'Printable characters only: no line breaks, tabs or control characters.',
  invalidNumber: 'Not a number (use digits with a point or comma, e.g. 12.5).',
  negative: 'The value must not be negative.',
  notPositive: 'The value must be greater than zero.',
  unitInUse: 'The component has movements counted in its unit; its unit cannot change.',
  tooManyDecimals: 'At most 3 decimals; money as many as its currency has (2 for roubles, none for yen).',
  notWhole: 'This unit is counted in whole numbers.',
  unknownUnit: 'Unknown unit; use pcs, set, pack, reel, m, kg, g, l or ml.',
  unknownLocation: 'No such location in the current department.',
  invalidUrl: 'Not an http(s) link.',
  duplicateInFile: 'This SKU appears more than once in the file.',
  openingStockExists: 'The component already has stock at this location; use a receipt instead.',
  locationWithoutQuantity: 'Give both a location and an opening quantity, or neither.',
  unknownColumn: 'Unknown column header.',
  missingColumn: 'A required column is missing.',
  emptyFile: 'The file holds no rows below the header.',
  tooManyRows: `The file holds more than ${IMPORT_MAX_ROWS} rows.`,
  invalidId: 'Use a positive whole number.',
  invalidDate: 'Not a date; use YYYY-MM-DD or DD.MM.YYYY, optionally followed by a time HH:MM.',
  invalidStatus: 'Unknown status; use open, won or lost (открыта, успешно, не реализовано).',
  invalidMinutes: 'Minutes as a number of 0 or more with at most 2 decimals, e.g. 12.5.',
  invalidCount: 'Use a whole number of 0 or more.',
  tooLarge: 'The number is too large.',
  closedAtRequired: 'A won or lost lead needs the time it was closed.',
  closedAtOnOpenLead: 'An open lead has no closing time.',
  closedBeforeCreated: 'The lead is closed before it was created.',
  lossReasonNotLost: 'Only a lost lead has a loss reason.',
  duplicateLead: 'This lead id appears more than once in the file.',
  duplicateDay: 'This manager and day appear more than once in the file.',
};

/** Problems listed in a preview; `errorCount` counts them all. */
export const LISTED_ERRORS = 1000;
/** Rows a preview shows as read. */
export const SAMPLE_ROWS = 5;

/** Collects row errors in the order they are found. */
export function rowErrors<Key extends string>() {
  const errors: RowError<Key>[] = [];
  return {
    errors,
    fail(row: number, column: Key | null, code: ImportErrorCode) {
      errors.push({ row, column, code, message: MESSAGES[code] });
    },
  };
}

function normalise(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Splits a table into its header and the non-empty rows below it, keyed by column. Unknown headers,
 * missing required columns, an empty file and too many rows are reported; then there are no records.
 */
export function tableRecords<Key extends string>(
  table: string[][],
  columns: readonly ImportTableColumn<Key>[],
  fail: (row: number, column: Key | null, code: ImportErrorCode) => void,
): { records: TableRecord<Key>[]; present: Set<Key> } {
  const byHeader = new Map<string, Key>(
    columns.flatMap((column) => [
      [normalise(column.key), column.key],
      [normalise(column.header.en), column.key],
      [normalise(column.header.ru), column.key],
    ]),
  );
  const [header = [], ...body] = table;
  const keys = header.map((title) => (title === '' ? undefined : byHeader.get(normalise(title))));
  let problems = 0;
  const refuse = (row: number, column: Key | null, code: ImportErrorCode) => {
    problems++;
    fail(row, column, code);
  };
  header.forEach((title, index) => {
    if (title !== '' && !keys[index]) refuse(1, null, 'unknownColumn');
  });
  const present = new Set(keys.filter((key): key is Key => key !== undefined));
  for (const column of columns) if (column.required && !present.has(column.key)) refuse(1, column.key, 'missingColumn');
  const rows = body
    .map((cells, index) => ({ number: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length === 0) refuse(0, null, 'emptyFile');
  if (rows.length > IMPORT_MAX_ROWS) refuse(0, null, 'tooManyRows');
  if (problems > 0) return { records: [], present };
  const records = rows.map(({ number, cells }) => {
    const values: Partial<Record<Key, string>> = {};
    keys.forEach((key, index) => {
      if (key) values[key] = cells[index] ?? '';
    });
    return { number, values };
  });
  return { records, present };
}

/** What a commit answers when the stored rows no longer pass their check: every problem, by row and column. */
export function importHasErrors(errors: readonly RowError<string>[]): AppError {
  return new AppError('IMPORT_HAS_ERRORS', {
    errors: errors.map((error) => ({
      path: `rows.${error.row}${error.column ? `.${error.column}` : ''}`,
      message: error.message,
      code: error.code,
    })),
  });
}

/** The values as a subquery (`… in ${inJsonList(values)}`): one parameter however many rows a file has. */
export function inJsonList(values: readonly (string | number)[], type: 'text' | 'bigint' = 'text'): SQL {
  return sql`(select value::${sql.raw(type)} from json_array_elements_text(${JSON.stringify(values.map(String))}::json))`;
}
