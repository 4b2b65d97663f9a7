import { parse } from 'csv-parse/sync';
import { isStorableText } from '../storable-text.js';
import { FileRefused, TABLE_LIMITS } from './limits.js';
import { readXlsx } from './xlsx.js';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Text of a CSV file: UTF-8 (with or without BOM), else Windows-1251 as Russian Excel saves it. */
function decodeText(content: Uint8Array): string {
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

function readCsv(content: Uint8Array, maxRows: number): string[][] {
  const text = decodeText(content);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxRows,
      max_record_size: TABLE_LIMITS.cellCharacters * 32,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw new FileRefused('overLimits', 'a CSV record is too long');
    throw new FileRefused('unreadable', error instanceof Error ? error.message : String(error));
  }
  return records.map((record) => {
    if (record.length > TABLE_LIMITS.columns) {
      throw new FileRefused('overLimits', `a row of more than ${TABLE_LIMITS.columns} columns`);
    }
    return record.map((cell) => {
      if (cell.length > TABLE_LIMITS.cellCharacters) {
        throw new FileRefused('overLimits', `a cell holds more than ${TABLE_LIMITS.cellCharacters} characters`);
      }
      return cell.trim();
    });
  });
}

/**
 * Reads an untrusted CSV or XLSX file (told apart by content) into rows of trimmed cell texts, the header
 * row first, reading at most `maxRows` rows that hold something: ask for one more than allowed to learn
 * that a file has too many. Throws FileRefused; meant to run in a worker (run-in-worker.ts).
 */
export function readTableFile(content: Uint8Array, maxRows: number): string[][] {
  const isZip = ZIP_SIGNATURE.every((byte, index) => content[index] === byte);
  const table = isZip ? readXlsx(content, maxRows) : readCsv(content, maxRows);
  // Binary content read as CSV, or an XLSX cell escaping `_x0000_` or `_xD800_`.
  if (table.some((row) => row.some((cell) => !isStorableText(cell)))) {
    throw new FileRefused('unreadable', 'a cell holds a NUL character or half a surrogate pair');
  }
  return table;
}
