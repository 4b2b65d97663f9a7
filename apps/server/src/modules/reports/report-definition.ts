import type { Locale, ReportName } from '@cm/contract';
import type { z } from 'zod';
import type { PdfChart } from '../../lib/export/report-pdf.js';
import type { ReportColumn } from './report-file.js';
import type { ReportQuery } from './report-page.js';

/** What a report is given besides its parameters. */
export type ReportScope = { departmentId: string; timeZone: string };

/** A line of a file's parameters, in the file's language. */
export type ParameterLine = { label: string; value: string };

/**
 * One report: its contract, its SQL, how its rows and summary reach the API, and how its file shows them. The
 * routes, the page and the files are the same for all (routes.ts, report-page.ts, report-file.ts).
 */
export type ReportDefinition<
  Query extends z.ZodType,
  ExportQuery extends z.ZodType,
  Response extends z.ZodType,
  DatabaseRow,
  Row,
  DatabaseSummary,
  Rest,
> = {
  name: ReportName;
  summary: string;
  schemas: { query: Query; exportQuery: ExportQuery; response: Response };
  title: Record<Locale, string>;
  /** Reads the stock at past instants: the monthly closings are brought up to date first (ADR 0044). */
  readsClosings: boolean;
  query: (scope: ReportScope, parameters: z.output<ExportQuery>) => ReportQuery;
  toRow: (row: DatabaseRow) => Row;
  toRest: (summary: DatabaseSummary) => Rest;
  file: {
    parameters: (parameters: z.output<ExportQuery>, lang: Locale) => ParameterLine[];
    columns: (parameters: z.output<ExportQuery>) => ReportColumn<Row>[];
    /** The day the file is named after (`YYYY-MM-DD`); today on the organisation's clock when not given. */
    day?: (parameters: z.output<ExportQuery>) => string;
    totals: (rest: Rest, lang: Locale) => (string | number | null)[][];
    /** Money in the chart is in major units of the currency: `exponent` is its decimals. */
    chart: (rest: Rest, lang: Locale, exponent: number) => PdfChart | null;
  };
};
