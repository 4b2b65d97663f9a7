import { type SQL, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, type Executor, queryRows } from '../../db/client.js';
import { rowsByCursor } from '../../db/cursor.js';
import { pageOf } from '../../lib/sql-filters.js';

/**
 * A report's result as SQL: `rows` selects every row of it, `order` is the report's order over those rows' columns
 * (ending with a unique key), and `summary` is one JSON value (totals, chart) computed from those rows, named
 * `result` there. The rows are put in order only where they are read: a page sorts just its own (the first pages
 * keep the top rows, not all of them in order), a file reads them all in order.
 */
export type ReportQuery = { rows: SQL; order: SQL; summary: SQL };

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
  // The count, the summary and the mark of a page's row get names no report's column has.
  const found = await queryRows<Row & { report_row: boolean | null; report_total: number; report_summary: Summary }>(
    db,
    sql`with result as materialized (${query.rows}),
         page as (select *, true as report_row from result
                  order by ${query.order} ${pageOf({ offset: (page - 1) * pageSize, limit: pageSize })})
         select page.*, s.report_total, s.report_summary
         from (select (select count(*) from result)::int as report_total, (${query.summary}) as report_summary) s
         left join page on true
         order by ${query.order}`,
  );
  const first = found[0];
  if (!first) throw new Error('a report page always has its summary row');
  return {
    rows: found.filter((row) => row.report_row !== null),
    total: first.report_total,
    summary: first.report_summary,
  };
}

/**
 * Every row of a report for a file, with their count and summary, computed once: the result fills a temporary table
 * named `result` in the cursor's transaction (the name the summary reads), is counted and summed there, and is then
 * read in the report's order through the cursor. Resolves once the count and summary are known; the rows follow.
 */
export async function allRowsOf<Row, Summary>(
  db: Database,
  kind: DatabaseHandle['kind'],
  query: ReportQuery,
): Promise<{ total: number; summary: Summary; rows: AsyncIterableIterator<Row> }> {
  let headRead: (head: { report_total: number; report_summary: Summary }) => void = () => {};
  const head = new Promise<{ report_total: number; report_summary: Summary }>((resolve) => {
    headRead = resolve;
  });
  const cursor = rowsByCursor<Row>(db, kind, sql`select * from result order by ${query.order}`, async (tx) => {
    await tx.execute(sql`create temporary table result on commit drop as ${query.rows}`);
    const [found] = await queryRows<{ report_total: number; report_summary: Summary }>(
      tx,
      sql`select (select count(*) from result)::int as report_total, (${query.summary}) as report_summary`,
    );
    if (found) headRead(found);
  });
  // Asking for the first row starts the transaction; the head is known before it arrives, or the query failed.
  const first = cursor.next();
  const known = await Promise.race([head, first.then(() => head)]);
  let firstRow: typeof first | null = first;
  const rows: AsyncIterableIterator<Row> = {
    next: () => {
      const next = firstRow ?? cursor.next();
      firstRow = null;
      return next;
    },
    // Also when the file was abandoned before its first row was read: the cursor's transaction ends.
    return: async () => {
      firstRow = null;
      return cursor.return(undefined);
    },
    [Symbol.asyncIterator]: () => rows,
  };
  return { total: known.report_total, summary: known.report_summary, rows };
}
