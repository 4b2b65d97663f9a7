import { Readable } from 'node:stream';
import { type Locale, majorUnits, type ReportFormat } from '@cm/contract';
import type { FastifyReply } from 'fastify';
import { type PdfChart, reportPdf } from '../../lib/export/report-pdf.js';
import { attachment, csvChunks } from '../../lib/export/tabular-file.js';
import { xlsxChunks } from '../../lib/export/xlsx.js';

/** What a cell holds: spreadsheets get numbers, the PDF the number written for people of the language. */
export type CellKind = 'text' | 'quantity' | 'money' | 'count' | 'percent';

/** One column of a report's file. */
export type ReportColumn<Row> = {
  header: Record<Locale, string>;
  kind: CellKind;
  /** Relative width in the PDF. */
  weight?: number;
  /** `timeZone` is the organisation's: a file writes times on its clock. */
  value: (row: Row, lang: Locale, timeZone: string) => string | number | null;
};

/** Everything a report's file shows besides its rows, already in the file's language. */
export type ReportFileHead = {
  title: string;
  parameters: { label: string; value: string }[];
  chart: PdfChart | null;
  /** Rows after the last one: totals, their first cell a label. */
  totals: (string | number | null)[][];
};

export type ReportFile<Row> = {
  /** File name without the date and extension, e.g. "stock-valuation". */
  name: string;
  /** The day the file is named after, `YYYY-MM-DD`. */
  day: string;
  format: ReportFormat;
  lang: Locale;
  timeZone: string;
  currencyExponent: number;
  head: ReportFileHead;
  columns: ReportColumn<Row>[];
  rowCount: number;
  rows: AsyncIterable<Row>;
};

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const WORDS = {
  generatedAt: { en: 'Generated', ru: 'Сформирован' },
  page: { en: 'Page {page} of {pages}', ru: 'Страница {page} из {pages}' },
  noRows: { en: 'No rows for these parameters.', ru: 'Нет строк для этих параметров.' },
} satisfies Record<string, Record<Locale, string>>;

/** Spreadsheet value of a cell: money in the currency's major units, numbers as numbers. */
function sheetValue(kind: CellKind, value: string | number | null, exponent: number): string | number | null {
  if (value === null || kind === 'text' || !isNumeric(value)) return value;
  return kind === 'money' ? majorUnits(value, exponent) : Number(value);
}

/** Totals rows may put words under a number's column ("120 pcs; 3 m"): those stay words. */
function isNumeric(value: string | number): boolean {
  return typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value);
}

/** A cell written for people of the language: grouped digits, money with its decimals, percentages with %. */
function cellText(lang: Locale, exponent: number): (kind: CellKind, value: string | number | null) => string {
  const counts = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  const money = new Intl.NumberFormat(lang, { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  const percent = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (kind, value) => {
    if (value === null) return '';
    if (kind === 'text' || !isNumeric(value)) return String(value);
    if (kind === 'money') return money.format(majorUnits(value, exponent));
    if (kind === 'percent') return `${percent.format(Number(value))} %`;
    return counts.format(Number(value));
  };
}

/** When the file was made, on the organisation's clock, naming the zone. */
function generatedAt(lang: Locale, timeZone: string): string {
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date());
  return `${WORDS.generatedAt[lang]} ${time} (${timeZone})`;
}

async function* sheetRows<Row>(file: ReportFile<Row>): AsyncGenerator<(string | number | null)[]> {
  const { columns, lang, currencyExponent } = file;
  for await (const row of file.rows) {
    yield columns.map((column) => sheetValue(column.kind, column.value(row, lang, file.timeZone), currencyExponent));
  }
  for (const totals of file.head.totals) {
    yield totals.map((value, index) => sheetValue(columns[index]?.kind ?? 'text', value, currencyExponent));
  }
}

async function* pdfRows<Row>(file: ReportFile<Row>): AsyncGenerator<string[]> {
  const text = cellText(file.lang, file.currencyExponent);
  for await (const row of file.rows) {
    yield file.columns.map((column) => text(column.kind, column.value(row, file.lang, file.timeZone)));
  }
}

function pdfBody<Row>(file: ReportFile<Row>): AsyncIterable<Uint8Array> {
  const { columns, head, lang } = file;
  const text = cellText(lang, file.currencyExponent);
  return reportPdf({
    title: head.title,
    parameters: head.parameters,
    generatedAt: generatedAt(lang, file.timeZone),
    chart: head.chart,
    chartValueFormat: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format,
    columns: columns.map((column) => ({
      header: column.header[lang],
      align: column.kind === 'text' ? 'left' : 'right',
      weight: column.weight ?? (column.kind === 'text' ? 2 : 1),
    })),
    rowCount: file.rowCount,
    rows: pdfRows(file),
    totals: head.totals.map((totals) => totals.map((value, index) => text(columns[index]?.kind ?? 'text', value))),
    words: {
      page: (page, pages) => WORDS.page[lang].replace('{page}', String(page)).replace('{pages}', String(pages)),
      noRows: WORDS.noRows[lang],
    },
  });
}

/** Streams a report as CSV, XLSX or PDF while its rows are still being read. */
export function sendReportFile<Row>(reply: FastifyReply, file: ReportFile<Row>): void {
  const headers = file.columns.map((column) => column.header[file.lang]);
  const body =
    file.format === 'pdf'
      ? pdfBody(file)
      : file.format === 'csv'
        ? csvChunks(headers, sheetRows(file), file.lang)
        : xlsxChunks(headers, sheetRows(file));
  const fileName = `${file.name}-${file.day}.${file.format}`;
  reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', attachment(fileName))
    .send(Readable.from(body));
}
