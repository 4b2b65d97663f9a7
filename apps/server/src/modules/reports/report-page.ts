import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { pageOf } from '../../lib/sql-filters.js';

/**
 * A report's result as SQL: `rows` selects every row of it with an `ordinal` (its place in the report's order), and
 * `summary` is one JSON value (totals, chart) computed from those rows, named `result` there.
 */
export type ReportQuery = { rows: SQL; summary: SQL };

export type PageRequest = { page: number; pageSize: number };

/**
 * One page of a report with the count and summary of all its rows, in one statement: the result is computed once,
 * then paged, counted and summed. A page past the end still carries them.
 */
export async function reportPage<Row, Summary>(
  db: Executor,
  query: ReportQuery,
  { page, pageSize }: PageRequest,
): Promise<{ rows: Row[]; total: number; summary: Summary }> {
  // The count and summary get names no report's column has.
  const found = await queryRows<Row & { ordinal: number | null; report_total: number; report_summary: Summary }>(
    db,
    sql`with result as materialized (${query.rows}),
         page as (select * from result order by ordinal ${pageOf({ offset: (page - 1) * pageSize, limit: pageSize })})
         select page.*, s.report_total, s.report_summary
         from (select (select count(*) from result)::int as report_total, (${query.summary}) as report_summary) s
         left join page on true
         order by page.ordinal`,
  );
  const first = found[0];
  if (!first) throw new Error('a report page always has its summary row');
  return {
    rows: found.filter((row) => row.ordinal !== null),
    total: first.report_total,
    summary: first.report_summary,
  };
}

/** The report's rows in its order, for a file. */
export function allRowsOf(query: ReportQuery): SQL {
  return sql`select * from (${query.rows}) result order by ordinal`;
}
