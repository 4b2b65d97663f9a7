import { Readable } from 'node:stream';
import { type ExportFormat, FORMULA_START, type Locale } from '@cm/contract';
import type { FastifyReply } from 'fastify';
import { xlsxChunks } from './xlsx.js';

/** One column of an exported list: its header in each language and how a row fills it. */
export type ExportColumn<Row> = {
  header: Record<Locale, string>;
  value: (row: Row, lang: Locale) => string | number | null;
};

export type ExportTable<Row> = {
  /** File name without extension, e.g. "stock"; the date is appended. */
  name: string;
  format: ExportFormat;
  lang: Locale;
  columns: ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams a list as CSV or XLSX while its rows are still being read, so an export of any size holds
 * only one batch of rows in memory.
 */
export function sendTable<Row>(reply: FastifyReply, table: ExportTable<Row>): void {
  const headers = table.columns.map((column) => column.header[table.lang]);
  const cells = (async function* () {
    for await (const row of table.rows) yield table.columns.map((column) => column.value(row, table.lang));
  })();
  const body = table.format === 'csv' ? csvChunks(headers, cells, table.lang) : xlsxChunks(headers, cells);
  const fileName = `${table.name}-${new Date().toISOString().slice(0, 10)}.${table.format}`;
  reply
    .header('content-type', CONTENT_TYPES[table.format])
    .header('content-disposition', attachment(fileName))
    .send(Readable.from(body));
}

/** Content-Disposition for a download, with the UTF-8 form for names outside ASCII. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * How a CSV is written for each language: the list separator and decimal mark its spreadsheets expect, so
 * that the file opens in columns with numbers (Excel in a Russian locale splits on ";" and reads "2,5").
 * The imports read both (`read-table.ts`).
 */
const CSV_DIALECTS: Record<Locale, { separator: string; decimal: string }> = {
  en: { separator: ',', decimal: '.' },
  ru: { separator: ';', decimal: ',' },
};

function csvCell(value: string | number | null, decimal: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', decimal);
  // Quote what would break the row, and neutralise leading formula characters (CSV injection).
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV written while its rows arrive, in the dialect of the language's spreadsheets. */
export async function* csvChunks(
  headers: string[],
  rows: AsyncIterable<(string | number | null)[]>,
  lang: Locale,
): AsyncGenerator<string> {
  const { separator, decimal } = CSV_DIALECTS[lang];
  const line = (cells: (string | number | null)[]) =>
    `${cells.map((cell) => csvCell(cell, decimal)).join(separator)}\r\n`;
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (Cyrillic included).
  yield `\uFEFF${line(headers)}`;
  let buffer = '';
  for await (const row of rows) {
    buffer += line(row);
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}
