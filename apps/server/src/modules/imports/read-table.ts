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
 * Reads an uploaded CSV or XLSX file (told apart by content) into rows of trimmed cell texts, the header
 * row first. Numbers in XLSX are kept as the text the file stores, so decimals stay exact.
 */
export async function readTable(content: Buffer): Promise<string[][]> {
  try {
    if (ZIP_SIGNATURE.every((byte, index) => content[index] === byte)) {
      const rows = await readSheet(content, { parseNumber: (text: string) => text });
      return rows.map((row) => row.map(cellText));
    }
    const text = decodeText(content);
    if (text.includes('\u0000')) throw new Error('binary content');
    const rows: string[][] = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
    });
    return rows.map((row) => row.map(cellText));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMPORT_FILE_UNREADABLE');
  }
}
