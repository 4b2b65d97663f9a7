import type { ActivityImportColumn, ActivityImportPreview } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import { LISTED_ERRORS, type RowError, rowErrors, SAMPLE_ROWS, tableRecords } from '../imports/checked-table.js';
import { parseCount, parseId, parseLocalTime, parseMinutesToSeconds, rowReader } from './cells.js';
import { ACTIVITY_COLUMNS } from './columns.js';
import { unmatchedManagers } from './managers.js';

/** One manager-day of the file, checked: the numbers the commit stores for it. */
export type CheckedDay = { day: string; managerAmoId: number; calls: number; callSeconds: number; messages: number };

export type ActivityCheck = {
  days: CheckedDay[];
  /** Non-empty rows below the header. */
  totalRows: number;
  /** The first problems found (at most 1 000); `errorCount` counts them all. */
  errors: RowError<ActivityImportColumn>[];
  errorCount: number;
  summary: ActivityImportPreview['summary'];
  sample: ActivityImportPreview['sample'];
};

/**
 * Checks an activity file: every problem is reported with its row and column, and the summary tells which
 * manager-days are new and which the commit replaces. Nothing is written.
 */
export async function checkActivity(db: Executor, table: string[][]): Promise<ActivityCheck> {
  const { errors, fail } = rowErrors<ActivityImportColumn>();
  const { records } = tableRecords(table, ACTIVITY_COLUMNS, fail);
  const days: CheckedDay[] = [];
  const seen = new Set<string>();

  for (const { number, values } of records) {
    const before = errors.length;
    const { read } = rowReader(values, (column: ActivityImportColumn, code) => fail(number, column, code));
    const day = read('date', (text) => parseLocalTime(text, { withTime: false }), true);
    const managerAmoId = read('managerAmoId', parseId, true);
    const callSeconds = read('callMinutes', parseMinutesToSeconds, true);
    const calls = read('calls', parseCount) ?? 0;
    const messages = read('messages', parseCount, true);
    if (day !== null && managerAmoId !== null) {
      const key = `${managerAmoId}|${day}`;
      if (seen.has(key)) fail(number, 'date', 'duplicateDay');
      seen.add(key);
    }
    if (errors.length > before || day === null || managerAmoId === null || callSeconds === null || messages === null) {
      continue;
    }
    days.push({ day, managerAmoId, calls, callSeconds, messages });
  }

  const summary = await summarise(db, days);
  return {
    days,
    totalRows: records.length,
    errors: errors.slice(0, LISTED_ERRORS),
    errorCount: errors.length,
    summary,
    sample: records.slice(0, SAMPLE_ROWS).map((record) => record.values as Record<string, string>),
  };
}

/** JSON rows of manager-days for jsonb_to_recordset: one parameter however many days a file has. */
export function daysJson(days: readonly CheckedDay[]): string {
  return JSON.stringify(
    days.map((day) => ({
      manager_amo_id: day.managerAmoId,
      day: day.day,
      calls: day.calls,
      call_seconds: day.callSeconds,
      messages: day.messages,
    })),
  );
}

async function summarise(db: Executor, days: CheckedDay[]): Promise<ActivityImportPreview['summary']> {
  if (days.length === 0) return { newDays: 0, replacedDays: 0, unmatchedManagerAmoIds: [] };
  // One after another: in the commit's transaction they share one connection, on which pg 8 only queues
  // overlapping queries (deprecated) and pg 9 refuses them.
  const [stored] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count
        from jsonb_to_recordset(${daysJson(days)}::jsonb) as f(manager_amo_id bigint, day date)
        join sales_manager_activity a
          on a.account_id = ${FILE_ACCOUNT_ID} and a.manager_amo_id = f.manager_amo_id and a.day = f.day`,
  );
  const unmatched = await unmatchedManagers(
    db,
    days.map((day) => day.managerAmoId),
  );
  const replacedDays = Number(stored?.count ?? 0);
  return { newDays: days.length - replacedDays, replacedDays, unmatchedManagerAmoIds: unmatched };
}
