import type { SyncRun, SyncRunStatus, SyncTrigger } from '@cm/contract';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { arrayOfBigints, isoTime, pageOf } from '../../lib/sql-filters.js';

/** Counters of a run, written to its row as pages complete. */
export type SyncProgress = {
  pages: number;
  leads: number;
  leadsCreated: number;
  leadsUpdated: number;
  contacts: number;
  notes: number;
  messages: number;
};

export function emptyProgress(): SyncProgress {
  return { pages: 0, leads: 0, leadsCreated: 0, leadsUpdated: 0, contacts: 0, notes: 0, messages: 0 };
}

type RunRow = {
  id: string;
  status: SyncRunStatus;
  trigger: SyncTrigger;
  started_by_id: string | null;
  started_by_name: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  pages: number;
  leads: number;
  leads_created: number;
  leads_updated: number;
  contacts: number;
  notes: number;
  messages: number;
  unmatched_amo_user_ids: (string | number)[];
  error: string | null;
};

function fromRow(row: RunRow): SyncRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedBy: row.started_by_id ? { id: row.started_by_id, name: row.started_by_name ?? '' } : null,
    startedAt: isoTime(row.started_at),
    finishedAt: row.finished_at === null ? null : isoTime(row.finished_at),
    pages: row.pages,
    leads: row.leads,
    leadsCreated: row.leads_created,
    leadsUpdated: row.leads_updated,
    contacts: row.contacts,
    notes: row.notes,
    messages: row.messages,
    unmatchedAmoUserIds: row.unmatched_amo_user_ids.map(Number),
    error: row.error,
  };
}

// Columns named, not r.*: a kept plan (ADR 0012) must not change its result when a migration adds a column.
const SELECT_RUN = sql`select r.id, r.status, r.trigger, r.started_at, r.finished_at, r.pages, r.leads, r.leads_created,
         r.leads_updated, r.contacts, r.notes, r.messages, r.unmatched_amo_user_ids, r.error,
         u.id as started_by_id, u.name as started_by_name
  from sales_sync_runs r left join users u on u.id = r.started_by`;

export async function insertRun(db: Executor, trigger: SyncTrigger, startedBy: string | null): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into sales_sync_runs (status, trigger, started_by) values ('running', ${trigger}, ${startedBy}) returning id`,
  );
  if (!row) throw new Error('the sync run cannot be read back');
  return row.id;
}

/**
 * Closes runs left "running" by an instance that died mid-sync. Called with the sync lock held, so no
 * run is really in progress.
 */
export async function closeAbandonedRuns(db: Executor): Promise<void> {
  await queryRows(
    db,
    sql`update sales_sync_runs set status = 'failed', finished_at = now(),
          error = 'The server stopped during this sync; the next sync continues from the last completed one.'
        where status = 'running'`,
  );
}

export async function writeProgress(db: Executor, runId: string, progress: SyncProgress): Promise<void> {
  await queryRows(
    db,
    sql`update sales_sync_runs set pages = ${progress.pages}, leads = ${progress.leads},
          leads_created = ${progress.leadsCreated}, leads_updated = ${progress.leadsUpdated},
          contacts = ${progress.contacts}, notes = ${progress.notes}, messages = ${progress.messages}
        where id = ${runId}`,
  );
}

export async function finishRun(
  db: Executor,
  runId: string,
  outcome: { status: Exclude<SyncRunStatus, 'running'>; progress: SyncProgress; unmatched?: number[]; error?: string },
): Promise<void> {
  await writeProgress(db, runId, outcome.progress);
  await queryRows(
    db,
    sql`update sales_sync_runs set status = ${outcome.status}, finished_at = now(), error = ${outcome.error ?? null}
          ${outcome.unmatched ? sql`, unmatched_amo_user_ids = ${arrayOfBigints(outcome.unmatched)}` : sql``}
        where id = ${runId}`,
  );
}

export async function findRun(db: Executor, runId: string): Promise<SyncRun | null> {
  const [row] = await queryRows<RunRow>(db, sql`${SELECT_RUN} where r.id = ${runId}`);
  return row ? fromRow(row) : null;
}

export async function latestRun(db: Executor): Promise<SyncRun | null> {
  const [row] = await queryRows<RunRow>(db, sql`${SELECT_RUN} order by r.started_at desc, r.id desc limit 1`);
  return row ? fromRow(row) : null;
}

/**
 * How fresh the synced figures are, for boards left open: when the last sync that succeeded finished, whether the
 * latest run failed (one still running has not), and how often syncs run (0 without an account to sync). One
 * statement: every board shows it.
 */
export async function syncFreshness(
  db: Executor,
): Promise<{ lastSucceededAt: string | null; lastFailed: boolean; intervalMinutes: number }> {
  const [row] = await queryRows<{ succeeded_at: Date | string | null; latest: string | null; interval: number | null }>(
    db,
    sql`select (select max(finished_at) from sales_sync_runs where status = 'succeeded') as succeeded_at,
               (select status from sales_sync_runs order by started_at desc, id desc limit 1) as latest,
               (select case when subdomain is null or subdomain = '' then 0 else sync_interval_minutes end
                from sales_settings where id = 1) as interval`,
  );
  const latest = row?.latest ?? null;
  return {
    lastSucceededAt: row?.succeeded_at ? new Date(row.succeeded_at).toISOString() : null,
    lastFailed: latest !== null && latest !== 'running' && latest !== 'succeeded',
    intervalMinutes: Number(row?.interval ?? 0),
  };
}

/** Runs, newest first. */
export async function listRuns(db: Executor, page: { offset: number; limit: number }) {
  const rows = await queryRows<RunRow>(db, sql`${SELECT_RUN} order by r.started_at desc, r.id desc ${pageOf(page)}`);
  const [count] = await queryRows<{ total: string | number }>(db, sql`select count(*) as total from sales_sync_runs`);
  return { items: rows.map(fromRow), total: Number(count?.total ?? 0) };
}
