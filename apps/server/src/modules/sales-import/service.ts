import {
  type ActivityImportPreview,
  AMO_LOST_STATUS_ID,
  AMO_WON_STATUS_ID,
  currencyExponent,
  type LeadsImportPreview,
  type SalesImportCommitResponse,
} from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Database, type Executor, queryRows, type Transaction } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import { importHasErrors, inJsonList } from '../imports/checked-table.js';
import { type ImportOwner, keepPendingImport, takePendingImport } from '../imports/pending.js';
import { readTable } from '../imports/read-table.js';
import { organisation } from '../organisation/repository.js';
import { type LeadFacts, upsertLeads } from '../sales-sync/leads.js';
import { type CheckedDay, checkActivity, daysJson } from './check-activity.js';
import { type CheckedLead, checkLeads, nameKey } from './check-leads.js';
import type { LeadOutcome } from './columns.js';

/** Arbitrary constant shared by every instance: one commit of sales data from files at a time. */
const FILE_IMPORT_LOCK_KEY = 7_311_240_523;
/** The stage of open leads in a pipeline that has no open stage yet (one a file created). */
const FILE_OPEN_STATUS_ID = 1;

type Named = 'sales_pipelines' | 'sales_loss_reasons' | 'sales_contacts';

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

/**
 * Ids of the named pipelines, loss reasons or contacts of the file account. A file knows them by name
 * only, so the name (whatever its letter case) is the key: a name not stored yet is created with the next
 * free id. Returns name key → id and how many were created.
 */
async function ensureNamed(
  tx: Transaction,
  table: Named,
  names: readonly string[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const stored = await queryRows<{ amo_id: string | number; name: string }>(
    tx,
    sql`select amo_id, name from ${sql.identifier(table)} where account_id = ${FILE_ACCOUNT_ID} order by amo_id`,
  );
  const ids = new Map<string, number>();
  let next = 1;
  for (const row of stored) {
    if (!ids.has(nameKey(row.name))) ids.set(nameKey(row.name), Number(row.amo_id));
    next = Math.max(next, Number(row.amo_id) + 1);
  }
  const fresh: { amo_id: number; name: string; position: number }[] = [];
  for (const name of names) {
    if (ids.has(nameKey(name))) continue;
    ids.set(nameKey(name), next);
    fresh.push({ amo_id: next, name, position: fresh.length + 1 });
    next++;
  }
  if (fresh.length > 0) {
    await queryRows(
      tx,
      insertNamed(
        table,
        sql`jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as r(amo_id bigint, name text, position integer)`,
      ),
    );
  }
  return { ids, created: fresh.length };
}

/**
 * The status of an outcome in a pipeline of the file account. Won and lost are amoCRM's 142 and 143,
 * added to a pipeline that lacks them; an open lead goes to the pipeline's first open stage (not the
 * "unsorted" one when there are others), created when the pipeline has none.
 */
async function statusesOf(
  tx: Transaction,
  pipelineIds: readonly number[],
): Promise<(pipelineId: number, outcome: LeadOutcome) => number> {
  const pipelines = inJsonList(pipelineIds, 'bigint');
  const closed = sql`(${AMO_WON_STATUS_ID}::bigint, ${AMO_LOST_STATUS_ID}::bigint)`;
  await queryRows(
    tx,
    sql`insert into sales_pipeline_statuses (account_id, pipeline_amo_id, amo_id, name, sort, color, type)
        select ${FILE_ACCOUNT_ID}, p.amo_id, s.amo_id, s.name, s.sort, null, 0
        from sales_pipelines p
        cross join (values (${FILE_OPEN_STATUS_ID}::bigint, 'Open', 10),
                           (${AMO_WON_STATUS_ID}::bigint, 'Closed - won', 10000),
                           (${AMO_LOST_STATUS_ID}::bigint, 'Closed - lost', 11000)) as s(amo_id, name, sort)
        where p.account_id = ${FILE_ACCOUNT_ID} and p.amo_id in ${pipelines}
          and (s.amo_id in ${closed} or not exists (
            select 1 from sales_pipeline_statuses o
            where o.account_id = p.account_id and o.pipeline_amo_id = p.amo_id and o.amo_id not in ${closed}))
        on conflict (account_id, pipeline_amo_id, amo_id) do nothing`,
  );
  const open = await queryRows<{ pipeline_amo_id: string | number; amo_id: string | number }>(
    tx,
    sql`select distinct on (pipeline_amo_id) pipeline_amo_id, amo_id from sales_pipeline_statuses
        where account_id = ${FILE_ACCOUNT_ID} and pipeline_amo_id in ${pipelines} and amo_id not in ${closed}
        order by pipeline_amo_id, type = 1, sort, amo_id`,
  );
  const openStage = new Map(open.map((row) => [Number(row.pipeline_amo_id), Number(row.amo_id)]));
  const closedStatus: Record<Exclude<LeadOutcome, 'open'>, number> = {
    won: AMO_WON_STATUS_ID,
    lost: AMO_LOST_STATUS_ID,
  };
  return (pipelineId, outcome) =>
    outcome === 'open' ? (openStage.get(pipelineId) ?? FILE_OPEN_STATUS_ID) : closedStatus[outcome];
}

/** Unix seconds of wall-clock times in the organisation time zone, as the database reads the zone. */
async function instantsOf(tx: Transaction, times: readonly string[], timeZone: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ local: string; epoch: string | number }>(
    tx,
    sql`select t.value as local, extract(epoch from (t.value::timestamp at time zone ${timeZone}))::float8 as epoch
        from (select distinct value from json_array_elements_text(${JSON.stringify(times)}::json)) as t`,
  );
  return new Map(rows.map((row) => [row.local, Number(row.epoch)]));
}

async function commitLeads(
  tx: Transaction,
  table: string[][],
  settings: { timeZone: string; currency: string },
): Promise<SalesImportCommitResponse> {
  const checked = await checkLeads(tx, table, currencyExponent(settings.currency));
  if (checked.errorCount > 0) throw importHasErrors(checked.errors);
  const { leads } = checked;
  const pipelines = await ensureNamed(
    tx,
    'sales_pipelines',
    leads.map((lead) => lead.pipeline),
  );
  const reasons = await ensureNamed(
    tx,
    'sales_loss_reasons',
    leads.flatMap((lead) => (lead.lossReason === null ? [] : [lead.lossReason])),
  );
  // A contact is a person the file names: leads naming the same person share one contact.
  const contacts = await ensureNamed(
    tx,
    'sales_contacts',
    leads.flatMap((lead) => (lead.contact === '' ? [] : [lead.contact])),
  );
  const pipelineOf = (lead: CheckedLead) => pipelines.ids.get(nameKey(lead.pipeline)) ?? 0;
  const statusOf = await statusesOf(tx, [...new Set(leads.map(pipelineOf))]);
  const instants = await instantsOf(
    tx,
    leads.flatMap((lead) => (lead.closedAt === null ? [lead.createdAt] : [lead.createdAt, lead.closedAt])),
    settings.timeZone,
  );
  const instant = (time: string) => instants.get(time) ?? Number.NaN;
  // The file is the newest description of its leads: it replaces whatever an earlier file said.
  const now = Date.now() / 1000;
  const facts: LeadFacts[] = leads.map((lead) => ({
    accountId: FILE_ACCOUNT_ID,
    amoId: lead.id,
    title: lead.title,
    mainContactAmoId: lead.contact === '' ? null : (contacts.ids.get(nameKey(lead.contact)) ?? null),
    paymentMethod: lead.paymentMethod,
    budgetMinor: lead.budgetMinor,
    createdAt: instant(lead.createdAt),
    closedAt: lead.closedAt === null ? null : instant(lead.closedAt),
    pipelineAmoId: pipelineOf(lead),
    statusAmoId: statusOf(pipelineOf(lead), lead.outcome),
    lossReasonAmoId: lead.lossReason === null ? null : (reasons.ids.get(nameKey(lead.lossReason)) ?? null),
    responsibleAmoUserId: lead.managerAmoId,
    updatedAt: now,
  }));
  const stored = await upsertLeads(tx, facts, 'file');
  return {
    kind: 'leads',
    createdLeads: stored.created,
    updatedLeads: stored.updated,
    createdPipelines: pipelines.created,
    createdLossReasons: reasons.created,
  };
}

async function commitActivity(tx: Transaction, table: string[][]): Promise<SalesImportCommitResponse> {
  const checked = await checkActivity(tx, table);
  if (checked.errorCount > 0) throw importHasErrors(checked.errors);
  const rows = await storeDays(tx, checked.days);
  const created = rows.filter((row) => row.inserted).length;
  return { kind: 'activity', createdDays: created, replacedDays: rows.length - created };
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

export type SalesImporter = { userId: string };

function ownerOf(importer: SalesImporter): ImportOwner {
  // Sales data belongs to the organisation, not to a department.
  return { userId: importer.userId, departmentId: null };
}

/**
 * Leads and daily activity from CSV/XLSX files, stored under the file account (FILE_ACCOUNT_ID) in the
 * tables the amoCRM sync fills: checked in a preview, then committed all or nothing.
 */
export function salesImportService(db: Database, config: Config) {
  return {
    /** Reads and checks a leads file; when it has no errors it is kept for an hour to be committed. */
    async previewLeads(importer: SalesImporter, content: Buffer): Promise<LeadsImportPreview> {
      const table = await readTable(content);
      const { currency } = await organisation(db, config.timeZone);
      const checked = await checkLeads(db, table, currencyExponent(currency));
      const importId = checked.errorCount === 0 ? await keepPendingImport(db, 'leads', ownerOf(importer), table) : null;
      const { totalRows, errors, errorCount, summary, sample } = checked;
      return { kind: 'leads', importId, totalRows, errors, errorCount, summary, sample };
    },

    /** Reads and checks an activity file; when it has no errors it is kept for an hour to be committed. */
    async previewActivity(importer: SalesImporter, content: Buffer): Promise<ActivityImportPreview> {
      const table = await readTable(content);
      const checked = await checkActivity(db, table);
      const importId =
        checked.errorCount === 0 ? await keepPendingImport(db, 'activity', ownerOf(importer), table) : null;
      const { totalRows, errors, errorCount, summary, sample } = checked;
      return { kind: 'activity', importId, totalRows, errors, errorCount, summary, sample };
    },

    /**
     * Commits a previewed file in one transaction, checked again inside it (the currency or the stored
     * data may have changed since the preview). Commits of files wait for one another, so new pipelines
     * and loss reasons get distinct ids.
     */
    async commit(importer: SalesImporter, importId: string): Promise<SalesImportCommitResponse> {
      return db.transaction(async (tx) => {
        const { kind, table } = await takePendingImport(tx, ['leads', 'activity'], ownerOf(importer), importId);
        await queryRows(tx, sql`select pg_advisory_xact_lock(${FILE_IMPORT_LOCK_KEY})`);
        if (kind === 'activity') return commitActivity(tx, table);
        return commitLeads(tx, table, await organisation(tx, config.timeZone));
      });
    },
  };
}
