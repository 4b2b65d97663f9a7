import type { ActivityImportColumn, ActivityImportPreview } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { LISTED_ERRORS, type RowError, rowErrors, SAMPLE_ROWS, tableRecords } from '../imports/checked-table.js';
import { parseCount, parseId, parseLocalTime, parseMinutesToSeconds, rowReader } from './cells.js';
import { ACTIVITY_COLUMNS, type CheckedDay } from './columns.js';
import { countStoredDays, unmatchedManagers } from './repository.js';

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

async function summarise(db: Executor, days: CheckedDay[]): Promise<ActivityImportPreview['summary']> {
  if (days.length === 0) return { newDays: 0, replacedDays: 0, unmatchedManagerAmoIds: [] };
  // One after another: in the commit's transaction they share one connection, on which pg 8 only queues
  // overlapping queries (deprecated) and pg 9 refuses them.
  const replacedDays = await countStoredDays(db, days);
  const unmatched = await unmatchedManagers(
    db,
    days.map((day) => day.managerAmoId),
  );
  return { newDays: days.length - replacedDays, replacedDays, unmatchedManagerAmoIds: unmatched };
}
