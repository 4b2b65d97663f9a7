import { type SQL, sql } from 'drizzle-orm';

// The sales read model recomputed from the leads, by PRODUCT.md §5's definitions written out again: the keys
// (department, day, manager) whose kept figures differ, so that a correct database returns no row. Shared by the
// read model's property test and the sales benchmark.

/** `sales_daily_results` against the leads' revenue and won and lost counts per department, day and manager. */
export function salesResultMismatches(): SQL {
  return sql`with settings as (select time_zone, included_pipeline_ids from sales_settings where id = 1),
             recomputed as (
               select l.department_id, (l.closed_at at time zone coalesce((select time_zone from settings), 'UTC'))::date as day,
                      l.manager_user_id as user_id,
                      sum(case when l.status_amo_id = 142 then l.budget_minor else 0 end) as revenue_minor,
                      count(*) filter (where l.status_amo_id = 142) as won_count,
                      count(*) filter (where l.status_amo_id = 143) as lost_count
               from sales_leads l
               where l.manager_user_id is not null and l.department_id is not null and l.closed_at is not null
                 and not l.deleted and l.status_amo_id in (142, 143)
                 and not exists (select 1 from settings s where cardinality(s.included_pipeline_ids) > 0
                                 and not (l.pipeline_amo_id = any(s.included_pipeline_ids)))
               group by 1, 2, 3),
             kept as (
               select department_id, day, user_id, sum(revenue_minor) as revenue_minor, sum(won_count) as won_count,
                      sum(lost_count) as lost_count
               from sales_daily_results group by 1, 2, 3)
             select department_id, day, user_id from recomputed r
             full join kept k using (department_id, day, user_id)
             where (coalesce(r.revenue_minor, 0), coalesce(r.won_count, 0), coalesce(r.lost_count, 0))
                   is distinct from (coalesce(k.revenue_minor, 0), coalesce(k.won_count, 0), coalesce(k.lost_count, 0))`;
}
