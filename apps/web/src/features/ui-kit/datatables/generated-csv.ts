import { FORMULA_START, type Locale } from '@cm/contract';

/** A column of the CSV: its header in the file's language and how a row fills it. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null };

/**
 * The list separator and decimal mark each language's spreadsheets expect, as the server's exports write them
 * (apps/server/src/lib/export/tabular-file.ts): Excel in a Russian locale splits on ";" and reads "2,5".
 */
const DIALECTS: Record<Locale, { separator: string; decimal: string }> = {
  en: { separator: ',', decimal: '.' },
  ru: { separator: ';', decimal: ',' },
};

function cell(value: string | number | null, decimal: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', decimal);
  // A text that starts like a formula is written as text (CSV injection); what would break the row is quoted.
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as a CSV file in the dialect of a language's spreadsheets, with the byte-order mark that makes them read it as
 * UTF-8 (Cyrillic included): the kit's stand-in for the server's export of a list, written in the browser.
 */
export function csvOf<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], lang: Locale): Blob {
  const { separator, decimal } = DIALECTS[lang];
  const line = (cells: (string | number | null)[]) =>
    `${cells.map((value) => cell(value, decimal)).join(separator)}\r\n`;
  const lines = [`\uFEFF${line(columns.map((column) => column.header))}`];
  for (const row of rows) lines.push(line(columns.map((column) => column.value(row))));
  return new Blob(lines, { type: 'text/csv; charset=utf-8' });
}
