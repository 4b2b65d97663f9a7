import {
  cellValue,
  columnLetters,
  type EmptyCells,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportErrorCode,
  type ImportMapping,
} from '@cm/contract';
import type { TableRecord } from './checked-table.js';

/** A components file as its mapping reads it: what the check, the preview and the commit go on from. */
export type MappedFile = {
  /** The non-empty rows below the header row, numbered as a spreadsheet numbers them, each field's value. */
  records: TableRecord<ImportColumn>[];
  /** The fields the mapping reads: only they are written to a component that exists. */
  present: ImportColumn[];
  /** The file's header of each field's column, as errors name it. */
  headers: Partial<Record<ImportColumn, string>>;
  emptyCells: EmptyCells;
};

/** Fields without which no component can be imported. */
const REQUIRED: readonly ImportColumn[] = ['sku', 'name'];

/**
 * Reads a file's table through a mapping: the rows above the header row (a title block) and the columns no
 * field names are left out, placeholders (`~`, `-`, n/a) read as empty, and a row whose read cells are all
 * empty is skipped. A missing required field, no rows and too many rows are reported with `fail`.
 */
export function mapFile(
  table: readonly (readonly string[])[],
  mapping: ImportMapping,
  fail: (row: number, column: ImportColumn | null, code: ImportErrorCode) => void,
): MappedFile {
  const entries = Object.entries(mapping.columns) as [ImportColumn, number][];
  const headerCells = table[mapping.headerRow - 1] ?? [];
  const headers = Object.fromEntries(
    entries.map(([column, index]) => [column, headerCells[index]?.trim() || columnLetters(index)]),
  );
  const present = entries.map(([column]) => column);
  const missing = REQUIRED.filter((column) => !present.includes(column));
  for (const column of missing) fail(mapping.headerRow, column, 'missingColumn');

  const records = table.slice(mapping.headerRow).flatMap((cells, index) => {
    const values = Object.fromEntries(entries.map(([column, at]) => [column, cellValue(cells[at])]));
    const filled = Object.values(values).some((value) => value !== '');
    return filled ? [{ number: mapping.headerRow + index + 1, values }] : [];
  });
  if (records.length === 0) fail(0, null, 'emptyFile');
  if (records.length > IMPORT_MAX_ROWS) fail(0, null, 'tooManyRows');
  const refused = missing.length > 0 || records.length === 0 || records.length > IMPORT_MAX_ROWS;
  return { records: refused ? [] : records, present, headers, emptyCells: mapping.emptyCells };
}
