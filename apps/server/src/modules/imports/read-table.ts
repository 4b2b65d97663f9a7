import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../../plugins/errors.js';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Text of a CSV file: UTF-8 (with or without BOM), else Windows-1251 as Russian Excel saves it. */
function decodeText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(content);
  }
}

/** Comma or semicolon, whichever the header line uses more (spreadsheets in Russian locales use ";"). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/**
 * A date cell as `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM` when it has a time of day. The reader gives the cell's
 * wall-clock time as UTC; it is rounded to the minute, as a spreadsheet's fractions of a day are inexact.
 */
function dateText(value: Date): string {
  const iso = new Date(Math.round(value.getTime() / 60_000) * 60_000).toISOString();
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  return String(value).trim();
}

/**
 * Text the database cannot store: a NUL character (binary content read as CSV, or an XLSX cell escaping it
 * as `_x0000_`) or half of a surrogate pair (an XLSX cell escaping `_xD800_`). Such a file is unreadable,
 * not a server error when its table is kept for the commit.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

function tableOf(rows: unknown[][]): string[][] {
  const table = rows.map((row) => row.map(cellText));
  if (table.some((row) => row.some((cell) => UNSTORABLE.test(cell)))) throw new Error('unstorable text');
  return table;
}

/**
 * Reads an uploaded CSV or XLSX file (told apart by content) into rows of trimmed cell texts, the header
 * row first. Numbers in XLSX are kept as the text the file stores, so decimals stay exact.
 */
export async function readTable(content: Buffer): Promise<string[][]> {
  try {
    if (ZIP_SIGNATURE.every((byte, index) => content[index] === byte)) {
      return tableOf(await readSheet(content, { parseNumber: (text: string) => text }));
    }
    const text = decodeText(content);
    return tableOf(parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMPORT_FILE_UNREADABLE');
  }
}
