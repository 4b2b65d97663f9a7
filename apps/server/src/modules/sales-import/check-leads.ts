import { type LeadImportColumn, type LeadsImportPreview, parseAmountMinor } from '@cm/contract';
import type { Executor } from '../../db/client.js';
import { LISTED_ERRORS, type RowError, rowErrors, SAMPLE_ROWS, tableRecords } from '../imports/checked-table.js';
import { type Cell, parseId, parseLocalTime, rowReader } from './cells.js';
import { LEAD_COLUMNS, type LeadOutcome, STATUS_WORDS } from './columns.js';
import { countStoredLeads, findFileAccountNames, unmatchedManagers } from './repository.js';

/** One lead of the file, checked: what the commit writes. Times are wall-clock text in the organisation zone. */
export type CheckedLead = {
  id: number;
  title: string;
  contact: string;
  paymentMethod: string | null;
  budgetMinor: number;
  createdAt: string;
  closedAt: string | null;
  pipeline: string;
  outcome: LeadOutcome;
  lossReason: string | null;
  managerAmoId: number;
};

export type LeadsCheck = {
  leads: CheckedLead[];
  /** Non-empty rows below the header. */
  totalRows: number;
  /** The first problems found (at most 1 000); `errorCount` counts them all. */
  errors: RowError<LeadImportColumn>[];
  errorCount: number;
  summary: LeadsImportPreview['summary'];
  sample: LeadsImportPreview['sample'];
};

const MAX_LENGTH: Partial<Record<LeadImportColumn, number>> = {
  title: 255,
  contact: 255,
  paymentMethod: 255,
  pipeline: 255,
  lossReason: 255,
};

/** A status word of either language (see STATUS_WORDS), whatever its letter case and spacing. */
function parseStatus(text: string): Cell<LeadOutcome> {
  const outcome = STATUS_WORDS.get(nameKey(text));
  return outcome ? { value: outcome } : { error: 'invalidStatus' };
}

/** Names of pipelines, loss reasons and contacts match whatever their letter case and spacing. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Checks a leads file: every problem is reported with its row and column, and the summary tells what the
 * commit would create and update in the file account. Nothing is written.
 */
export async function checkLeads(db: Executor, table: string[][], currencyExponent: number): Promise<LeadsCheck> {
  const { errors, fail } = rowErrors<LeadImportColumn>();
  const { records } = tableRecords(table, LEAD_COLUMNS, fail);
  const leads: CheckedLead[] = [];
  const seen = new Set<number>();

  for (const { number, values } of records) {
    const before = errors.length;
    const { text, read } = rowReader(values, (column: LeadImportColumn, code) => fail(number, column, code));
    for (const [column, max] of Object.entries(MAX_LENGTH) as [LeadImportColumn, number][]) {
      if (text(column).length > max) fail(number, column, 'tooLong');
    }
    const localTime = (time: string) => parseLocalTime(time, { withTime: true });

    const id = read('leadId', parseId, true);
    if (id !== null && seen.has(id)) fail(number, 'leadId', 'duplicateLead');
    if (id !== null) seen.add(id);
    const budgetMinor = read('budget', (budget) => parseAmountMinor(budget, currencyExponent)) ?? 0;
    const createdAt = read('createdAt', localTime, true);
    const closedAt = read('closedAt', localTime);
    // A name is all a pipeline needs: one the file account does not have yet is created at commit.
    const pipeline = read('pipeline', (name) => ({ value: name }), true);
    const outcome = read('status', parseStatus, true);
    const managerAmoId = read('managerAmoId', parseId, true);

    if (outcome !== null && outcome !== 'open' && text('closedAt') === '') fail(number, 'closedAt', 'closedAtRequired');
    if (outcome === 'open' && text('closedAt') !== '') fail(number, 'closedAt', 'closedAtOnOpenLead');
    if (createdAt !== null && closedAt !== null && closedAt < createdAt) {
      fail(number, 'closedAt', 'closedBeforeCreated');
    }
    if (outcome !== null && outcome !== 'lost' && text('lossReason') !== '') {
      fail(number, 'lossReason', 'lossReasonNotLost');
    }

    if (
      errors.length > before ||
      id === null ||
      createdAt === null ||
      pipeline === null ||
      outcome === null ||
      managerAmoId === null
    ) {
      continue;
    }
    leads.push({
      id,
      title: text('title'),
      contact: text('contact'),
      paymentMethod: text('paymentMethod') || null,
      budgetMinor,
      createdAt,
      closedAt,
      pipeline,
      outcome,
      lossReason: text('lossReason') || null,
      managerAmoId,
    });
  }

  const summary = await summarise(db, leads);
  return {
    leads,
    totalRows: records.length,
    errors: errors.slice(0, LISTED_ERRORS),
    errorCount: errors.length,
    summary,
    sample: records.slice(0, SAMPLE_ROWS).map((record) => record.values as Record<string, string>),
  };
}

/** What the commit would do with the checked leads, read from the file account in a few set-wise queries. */
async function summarise(db: Executor, leads: CheckedLead[]): Promise<LeadsImportPreview['summary']> {
  if (leads.length === 0) {
    return { newLeads: 0, updatedLeads: 0, newPipelines: 0, newLossReasons: 0, unmatchedManagerAmoIds: [] };
  }
  // One after another: in the commit's transaction they share one connection, on which pg 8 only queues
  // overlapping queries (deprecated) and pg 9 refuses them.
  const updatedLeads = await countStoredLeads(
    db,
    leads.map((lead) => lead.id),
  );
  const pipelines = await findFileAccountNames(db, 'sales_pipelines');
  const reasons = await findFileAccountNames(db, 'sales_loss_reasons');
  const unmatched = await unmatchedManagers(
    db,
    leads.map((lead) => lead.managerAmoId),
  );
  const known = (rows: { name: string }[]) => new Set(rows.map((row) => nameKey(row.name)));
  const newNames = (names: (string | null)[], existing: Set<string>) => {
    const keys = new Set(names.flatMap((name) => (name === null ? [] : [nameKey(name)])));
    return [...keys].filter((key) => !existing.has(key)).length;
  };
  return {
    newLeads: leads.length - updatedLeads,
    updatedLeads,
    newPipelines: newNames(
      leads.map((lead) => lead.pipeline),
      known(pipelines),
    ),
    newLossReasons: newNames(
      leads.map((lead) => lead.lossReason),
      known(reasons),
    ),
    unmatchedManagerAmoIds: unmatched,
  };
}
