import {
  type ActivityImportPreview,
  AMO_LOST_STATUS_ID,
  AMO_WON_STATUS_ID,
  currencyExponent,
  type LeadsImportPreview,
  type SalesImportCommitResponse,
} from '@cm/contract';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { FILE_ACCOUNT_ID } from '../../db/schema/sales.js';
import { importHasErrors } from '../imports/checked-table.js';
import { type ImportOwner, keepPendingImport, takePendingImport } from '../imports/pending.js';
import { readTable } from '../imports/read-table.js';
import { organisation } from '../organisation/repository.js';
import { type LeadFacts, upsertLeads } from '../sales-sync/leads.js';
import { checkActivity } from './check-activity.js';
import { type CheckedLead, checkLeads, nameKey } from './check-leads.js';
import type { LeadOutcome } from './columns.js';
import {
  addFileAccountStatuses,
  FILE_OPEN_STATUS_ID,
  findFileAccountNames,
  findOpenStages,
  insertFileAccountNames,
  instantsInTimeZone,
  lockFileImports,
  type Named,
  storeDays,
} from './repository.js';

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
  const stored = await findFileAccountNames(tx, table);
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
  if (fresh.length > 0) await insertFileAccountNames(tx, table, fresh);
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
  await addFileAccountStatuses(tx, pipelineIds);
  const open = await findOpenStages(tx, pipelineIds);
  const openStage = new Map(open.map((row) => [Number(row.pipeline_amo_id), Number(row.amo_id)]));
  const closedStatus: Record<Exclude<LeadOutcome, 'open'>, number> = {
    won: AMO_WON_STATUS_ID,
    lost: AMO_LOST_STATUS_ID,
  };
  return (pipelineId, outcome) =>
    outcome === 'open' ? (openStage.get(pipelineId) ?? FILE_OPEN_STATUS_ID) : closedStatus[outcome];
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
  const instants = await instantsInTimeZone(
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
        const { kind, content: table } = await takePendingImport(
          tx,
          ['leads', 'activity'],
          ownerOf(importer),
          importId,
        );
        await lockFileImports(tx);
        if (kind === 'activity') return commitActivity(tx, table);
        return commitLeads(tx, table, await organisation(tx, config.timeZone));
      });
    },
  };
}
