import { AMO_LOST_STATUS_ID, AMO_WON_STATUS_ID, type WonLead } from '@cm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { pageOf } from '../../lib/sql-filters.js';
import type { Period } from '../sales-figures/period.js';

/** Whose leads, in which department, closed on which days of the organisation's clock. */
export type LeadScope = { userId: string; departmentId: string } & Period;

/**
 * The leads that count for a manager in a department over some days, by the read model's own definition
 * (sales_lead_result), so that a list and the figures beside it never disagree. The closing time narrows the
 * manager's leads through their index first; a day either side covers any organisation's clock.
 */
function countedLeads(scope: LeadScope): SQL {
  return sql`(select l.*, r.day, r.revenue_minor as counted_revenue_minor
              from sales_leads l cross join lateral sales_lead_result(l) r
              where l.manager_user_id = ${scope.userId}
                and l.closed_at >= ${scope.from}::date - 1 and l.closed_at < ${scope.to}::date + 2
                and r.user_id = ${scope.userId} and r.department_id = ${scope.departmentId}
                and r.day between ${scope.from}::date and ${scope.to}::date)`;
}

/** Days from creation to closing, one decimal. */
const DAYS_OPEN = sql`round(extract(epoch from l.closed_at - l.amo_created_at)::numeric / 86400, 1)`;

/** What analytics shows of a manager's closed leads beside the figures. */
type ClosedLeadSummary = {
  /** Per day of the period, the revenue won: what a trend is summed from. */
  revenueByDay: Map<string, number>;
  /** Average days from creation to closing of the won and of the lost leads; null where there are none. */
  averageDaysOpen: { won: string | null; lost: string | null };
  /** The lost leads by reason (amoCRM's names), the most frequent first, with the budgets they would have brought. */
  lossReasons: { reasonId: number | null; name: string | null; count: number; lostBudgetMinor: number }[];
  /** Won and lost leads per pipeline, with the pipeline's name. */
  pipelines: { pipelineId: number; name: string | null; won: number; lost: number }[];
};

/**
 * The summary of the counted leads, in one statement that finds them once: each part is a JSON value of its own,
 * with amounts as text so that no sum passes through a float.
 */
export async function closedLeadSummary(db: Executor, scope: LeadScope): Promise<ClosedLeadSummary> {
  const [row] = await queryRows<{
    days: { day: string; revenue_minor: string }[] | null;
    won: string | null;
    lost: string | null;
    reasons: { reason_id: string | null; name: string | null; count: number; lost_minor: string }[] | null;
    pipelines: { pipeline_id: string; name: string | null; won: number; lost: number }[] | null;
  }>(
    db,
    sql`with l as materialized ${countedLeads(scope)}
        select
          (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'revenue_minor', d.revenue_minor::text))
           from (select l.day, sum(l.counted_revenue_minor) as revenue_minor from l group by l.day) d) as days,
          averages.won, averages.lost,
          (select json_agg(json_build_object('reason_id', r.reason_id, 'name', r.name, 'count', r.count,
                                             'lost_minor', r.lost_minor) order by r.count desc, r.name nulls last, r.reason_id nulls last)
           from (select l.loss_reason_amo_id::text as reason_id, min(reason.name) as name, count(*)::int as count,
                        sum(l.budget_minor)::text as lost_minor
                 from l left join sales_loss_reasons reason
                   on reason.account_id = l.account_id and reason.amo_id = l.loss_reason_amo_id
                 where l.status_amo_id = ${AMO_LOST_STATUS_ID}
                 group by l.loss_reason_amo_id) r) as reasons,
          (select json_agg(json_build_object('pipeline_id', p.pipeline_id, 'name', p.name, 'won', p.won, 'lost', p.lost)
                           order by p.pipeline_amo_id)
           from (select l.pipeline_amo_id, l.pipeline_amo_id::text as pipeline_id, min(pipeline.name) as name,
                        count(*) filter (where l.status_amo_id = ${AMO_WON_STATUS_ID})::int as won,
                        count(*) filter (where l.status_amo_id = ${AMO_LOST_STATUS_ID})::int as lost
                 from l left join sales_pipelines pipeline
                   on pipeline.account_id = l.account_id and pipeline.amo_id = l.pipeline_amo_id
                 group by l.pipeline_amo_id) p) as pipelines
        from (select round(avg(${DAYS_OPEN}) filter (where l.status_amo_id = ${AMO_WON_STATUS_ID}), 1)::text as won,
                     round(avg(${DAYS_OPEN}) filter (where l.status_amo_id = ${AMO_LOST_STATUS_ID}), 1)::text as lost
              from l) averages`,
  );
  return {
    revenueByDay: new Map((row?.days ?? []).map((day) => [day.day, Number(day.revenue_minor)])),
    averageDaysOpen: { won: row?.won ?? null, lost: row?.lost ?? null },
    lossReasons: (row?.reasons ?? []).map((reason) => ({
      reasonId: reason.reason_id === null ? null : Number(reason.reason_id),
      name: reason.name,
      count: Number(reason.count),
      lostBudgetMinor: Number(reason.lost_minor),
    })),
    pipelines: (row?.pipelines ?? []).map((pipeline) => ({
      pipelineId: Number(pipeline.pipeline_id),
      name: pipeline.name,
      won: Number(pipeline.won),
      lost: Number(pipeline.lost),
    })),
  };
}

const WON_ORDER: Record<'closedAt' | 'createdAt' | 'budget' | 'daysToAcquisition' | 'title', string> = {
  closedAt: 'l.closed_at',
  createdAt: 'l.amo_created_at',
  budget: 'l.budget_minor',
  daysToAcquisition: 'l.closed_at - l.amo_created_at',
  title: 'lower(l.title)',
};

type WonLeadRow = {
  amo_id: string;
  title: string;
  contact_name: string | null;
  payment_method: string | null;
  budget_minor: string;
  created_at: Date | string;
  closed_at: Date | string;
  pipeline_id: string;
  days: string;
  total: number;
};

function toWonLead(row: WonLeadRow): WonLead {
  return {
    amoId: Number(row.amo_id),
    title: row.title,
    contactName: row.contact_name,
    paymentMethod: row.payment_method,
    budgetMinor: Number(row.budget_minor),
    createdAt: new Date(row.created_at).toISOString(),
    closedAt: new Date(row.closed_at).toISOString(),
    pipelineId: Number(row.pipeline_id),
    daysToAcquisition: row.days,
  };
}

/** A page of the manager's won leads of the period, sorted as asked (then by amoCRM id), with their count. */
export async function wonLeads(
  db: Executor,
  scope: LeadScope,
  order: { sort: keyof typeof WON_ORDER; order: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ items: WonLead[]; total: number }> {
  const direction = order.order === 'asc' ? 'asc' : 'desc';
  const rows = await queryRows<WonLeadRow>(
    db,
    sql`select l.amo_id::text as amo_id, l.title, c.name as contact_name, l.payment_method,
               l.budget_minor::text as budget_minor, l.amo_created_at as created_at, l.closed_at,
               l.pipeline_amo_id::text as pipeline_id, ${DAYS_OPEN}::text as days, count(*) over ()::int as total
        from ${countedLeads(scope)} l
        left join sales_contacts c on c.account_id = l.account_id and c.amo_id = l.main_contact_amo_id
        where l.status_amo_id = ${AMO_WON_STATUS_ID}
        order by ${sql.raw(`${WON_ORDER[order.sort]} ${direction}, l.amo_id ${direction}`)}
        ${pageOf(page)}`,
  );
  if (rows[0] || page.offset === 0) return { items: rows.map(toWonLead), total: Number(rows[0]?.total ?? 0) };
  // A page past the end (the list shrank since): the count alone, so that the screen can go to the last page.
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${countedLeads(scope)} l where l.status_amo_id = ${AMO_WON_STATUS_ID}`,
  );
  return { items: [], total: Number(count?.total ?? 0) };
}

/** Every won lead of the period, in batches, for an export. */
export async function* allWonLeads(
  db: Executor,
  scope: LeadScope,
  order: { sort: keyof typeof WON_ORDER; order: 'asc' | 'desc' },
  batchSize = 2000,
): AsyncGenerator<WonLead> {
  for (let offset = 0; ; offset += batchSize) {
    const { items } = await wonLeads(db, scope, order, { offset, limit: batchSize });
    yield* items;
    if (items.length < batchSize) return;
  }
}
