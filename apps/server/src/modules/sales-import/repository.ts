import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Transaction } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import { inJsonList } from '../imports/checked-table.js';
import type { CheckedDay } from './columns.js';

/** Arbitrary constant shared by every instance: one commit of sales data from files at a time. */
const FILE_IMPORT_LOCK_KEY = 7_311_240_523;
/** The stage of open leads in a pipeline that has no open stage yet (one a file created). */
export const FILE_OPEN_STATUS_ID = 1;

/** The tables of things a file knows by name only. */
export type Named = 'sales_pipelines' | 'sales_loss_reasons' | 'sales_contacts';

/** Makes a commit of sales data from files wait until the one under way has committed. */
export async function lockFileImports(tx: Transaction): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${FILE_IMPORT_LOCK_KEY})`);
}

/** The pipelines, loss reasons or contacts of the file account, by id. */
export function findFileAccountNames(db: Executor, table: Named) {
  return queryRows<{ amo_id: string | number; name: string }>(
    db,
    sql`select amo_id, name from ${sql.identifier(table)} where account_id = ${FILE_ACCOUNT_ID} order by amo_id`,
  );
}

/** How new pipelines, loss reasons or contacts of the file account are written; `r` has amo_id, name, position. */
function insertNamed(table: Named, rows: SQL): SQL {
  // New pipelines and loss reasons sort after the stored ones, in the order the file names them.
  const sortAfter = sql`(select coalesce(max(sort), 0) from ${sql.identifier(table)}
                         where account_id = ${FILE_ACCOUNT_ID}) + r.position * 10`;
  switch (table) {
    case 'sales_pipelines':
      // An account's first pipeline is its main one, as in amoCRM.
      return sql`insert into sales_pipelines (account_id, amo_id, name, sort, is_main, is_archive)
        select ${FILE_ACCOUNT_ID}, r.amo_id, r.name, ${sortAfter},
               r.position = 1 and not exists (select 1 from sales_pipelines where account_id = ${FILE_ACCOUNT_ID}), false
        from ${rows}`;
    case 'sales_loss_reasons':
      return sql`insert into sales_loss_reasons (account_id, amo_id, name, sort)
        select ${FILE_ACCOUNT_ID}, r.amo_id, r.name, ${sortAfter} from ${rows}`;
    case 'sales_contacts':
      return sql`insert into sales_contacts (account_id, amo_id, name, amo_updated_at)
        select ${FILE_ACCOUNT_ID}, r.amo_id, r.name, now() from ${rows}`;
  }
}

/** Adds pipelines, loss reasons or contacts to the file account under the ids given; `position` is the file's order. */
export async function insertFileAccountNames(
  tx: Transaction,
  table: Named,
  fresh: readonly { amo_id: number; name: string; position: number }[],
): Promise<void> {
  await queryRows(
    tx,
    insertNamed(
      table,
      sql`jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as r(amo_id bigint, name text, position integer)`,
    ),
  );
}

/** amoCRM's won and lost statuses, the same ids in every pipeline. */
const CLOSED_STATUSES = sql`(${AMO_WON_STATUS_ID}::bigint, ${AMO_LOST_STATUS_ID}::bigint)`;

/**
 * Gives the file account's pipelines the won and lost statuses they lack, and an open stage to those that
 * have none.
 */
export async function addFileAccountStatuses(tx: Transaction, pipelineIds: readonly number[]): Promise<void> {
  const pipelines = inJsonList(pipelineIds, 'bigint');
  await queryRows(
    tx,
    sql`insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type)
        select ${FILE_ACCOUNT_ID}, p.amo_id, s.amo_id, s.name, s.sort, null, 0
        from sales_pipelines p
        cross join (values (${FILE_OPEN_STATUS_ID}::bigint, 'Open', 10),
                           (${AMO_WON_STATUS_ID}::bigint, 'Closed - won', 10000),
                           (${AMO_LOST_STATUS_ID}::bigint, 'Closed - lost', 11000)) as s(amo_id, name, sort)
        where p.account_id = ${FILE_ACCOUNT_ID} and p.amo_id in ${pipelines}
          and (s.amo_id in ${CLOSED_STATUSES} or not exists (
            select 1 from sales_pipeline_statuses o
            where o.account_id = p.account_id and o.pipeline_amo_id = p.amo_id and o.amo_id not in ${CLOSED_STATUSES}))
        on conflict (account_id, pipeline_amo_id, amo_id) do nothing`,
  );
}

/** The first open stage of each of the file account's pipelines, not the "unsorted" one when there are others. */
export function findOpenStages(tx: Transaction, pipelineIds: readonly number[]) {
  const pipelines = inJsonList(pipelineIds, 'bigint');
  return queryRows<{ pipeline_amo_id: string | number; amo_id: string | number }>(
    tx,
    sql`select distinct on (pipeline_amo_id) pipeline_amo_id, amo_id from sales_pipeline_statuses
        where account_id = ${FILE_ACCOUNT_ID} and pipeline_amo_id in ${pipelines} and amo_id not in ${CLOSED_STATUSES}
        order by pipeline_amo_id, type = 1, sort, amo_id`,
  );
}

/** Unix seconds of wall-clock times in a time zone, as the database reads the zone. */
export async function instantsInTimeZone(
  tx: Transaction,
  times: readonly string[],
  timeZone: string,
): Promise<Map<string, number>> {
  const rows = await queryRows<{ local: string; epoch: string | number }>(
    tx,
    sql`select t.value as local, extract(epoch from (t.value::timestamp at time zone ${timeZone}))::float8 as epoch
        from (select distinct value from json_array_elements_text(${JSON.stringify(times)}::json)) as t`,
  );
  return new Map(rows.map((row) => [row.local, Number(row.epoch)]));
}

/**
 * Stores the numbers of each manager-day in the file account, replacing what was stored for that manager and
 * day; tells of each day whether it was new.
 */
export async function storeDays(db: Executor, days: readonly CheckedDay[]) {
  return queryRows<{ inserted: boolean }>(
    db,
    sql`insert into sales_manager_activity (account_id, manager_amo_id, day, calls, call_seconds, messages)
        select ${FILE_ACCOUNT_ID}, r.manager_amo_id, r.day, r.calls, r.call_seconds, r.messages
        from jsonb_to_recordset(${daysJson(days)}::jsonb)
          as r(manager_amo_id bigint, day date, calls integer, call_seconds bigint, messages integer)
        order by r.manager_amo_id, r.day
        on conflict (account_id, manager_amo_id, day) do update set
          calls = excluded.calls, call_seconds = excluded.call_seconds, messages = excluded.messages, updated_at = now()
        returning (xmax = 0) as inserted`,
  );
}

/** JSON rows of manager-days for jsonb_to_recordset: one parameter however many days a file has. */
function daysJson(days: readonly CheckedDay[]): string {
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

/**
 * The manager AMO IDs that no user has, in ascending order. Their rows are imported all the same, without
 * a manager, as the sync stores such leads; giving a user that AMO ID later attributes them.
 */
export async function unmatchedManagers(db: Executor, amoIds: readonly number[]): Promise<number[]> {
  const distinct = [...new Set(amoIds)].sort((a, b) => a - b);
  if (distinct.length === 0) return [];
  const rows = await queryRows<{ amo_id: string | number }>(
    db,
    sql`select amo_id from users where amo_id in ${inJsonList(distinct, 'bigint')}`,
  );
  const matched = new Set(rows.map((row) => Number(row.amo_id)));
  return distinct.filter((id) => !matched.has(id));
}

/** How many of these lead ids the file account already holds: the leads an import updates. */
export async function countStoredLeads(db: Executor, amoIds: readonly number[]): Promise<number> {
  const [stored] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from sales_leads
        where account_id = ${FILE_ACCOUNT_ID} and amo_id in ${inJsonList(amoIds, 'bigint')}`,
  );
  return Number(stored?.count ?? 0);
}

/** How many of these manager-days the file account already holds: the days an import replaces. */
export async function countStoredDays(db: Executor, days: readonly CheckedDay[]): Promise<number> {
  const [stored] = await queryRows<{ count: string | number }>(
    db,
    sql`select count(*) as count
        from jsonb_to_recordset(${daysJson(days)}::jsonb) as f(manager_amo_id bigint, day date)
        join sales_manager_activity a
          on a.account_id = ${FILE_ACCOUNT_ID} and a.manager_amo_id = f.manager_amo_id and a.day = f.day`,
  );
  return Number(stored?.count ?? 0);
}
