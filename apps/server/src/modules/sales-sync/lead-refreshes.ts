import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { arrayOfBigints } from '../../lib/sql-filters.js';

/** amoCRM returns at most 250 leads a request: one claim is one request. */
export const REFRESH_BATCH = 250;
/** How long a claim holds its rows: a refresh that died leaves them to the next one after this. */
const CLAIM_SECONDS = 120;

export type LeadRef = { accountId: number; amoId: number };

/**
 * Queues leads to be read from amoCRM, once each however often they are named. A lead named again while a
 * refresh holds it is queued anew, so that the refresh, which may have read it before this event, does not
 * drop it. The times are the clock's, not the transaction's start: a statement that runs after a claim is
 * later than it (one that runs before holds its row, which the claim then skips).
 */
export async function queueLeadRefreshes(db: Executor, leads: readonly LeadRef[]): Promise<void> {
  if (leads.length === 0) return;
  // In key order, as the lead upserts lock theirs: two webhooks naming the same leads cannot deadlock.
  const ordered = [...leads].sort((a, b) => a.accountId - b.accountId || a.amoId - b.amoId);
  await queryRows(
    db,
    sql`insert into sales_lead_refreshes (account_id, amo_id, queued_at)
        select account_id, amo_id, clock_timestamp()
        from unnest(${arrayOfBigints(ordered.map((lead) => lead.accountId))},
                    ${arrayOfBigints(ordered.map((lead) => lead.amoId))}) as queued(account_id, amo_id)
        on conflict (account_id, amo_id) do update set queued_at = clock_timestamp(), claimed_until = null`,
  );
}

export type Claim = { accountId: number; amoIds: number[]; claimedAt: Date };

/**
 * Claims the account's longest-waiting leads that no refresh holds, at most REFRESH_BATCH of them; none when
 * the queue is empty. Another instance's refresh skips what this one holds and takes the next rows.
 */
export async function claimLeadRefreshes(db: Executor, accountId: number): Promise<Claim> {
  const rows = await queryRows<{ amo_id: string | number; claimed_at: Date | string }>(
    db,
    sql`update sales_lead_refreshes r set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        from (select account_id, amo_id from sales_lead_refreshes
              where account_id = ${accountId} and (claimed_until is null or claimed_until < now())
              order by queued_at limit ${REFRESH_BATCH} for update skip locked) waiting
        where r.account_id = waiting.account_id and r.amo_id = waiting.amo_id
        returning r.amo_id, clock_timestamp() as claimed_at`,
  );
  return {
    accountId,
    amoIds: rows.map((row) => Number(row.amo_id)),
    claimedAt: new Date(rows[0]?.claimed_at ?? Date.now()),
  };
}

/** Removes the claimed leads that no event queued again after the claim. */
export async function finishLeadRefreshes(db: Executor, claim: Claim): Promise<void> {
  await queryRows(
    db,
    sql`delete from sales_lead_refreshes
        where account_id = ${claim.accountId} and amo_id = any(${arrayOfBigints(claim.amoIds)})
          and queued_at <= ${claim.claimedAt.toISOString()}::timestamptz`,
  );
}

/** Gives claimed leads back at once, for the next refresh: amoCRM could not be read. */
export async function releaseLeadRefreshes(db: Executor, claim: Claim): Promise<void> {
  await queryRows(
    db,
    sql`update sales_lead_refreshes set claimed_until = null
        where account_id = ${claim.accountId} and amo_id = any(${arrayOfBigints(claim.amoIds)})`,
  );
}
