-- What one lead adds to the sales read model, sales_daily_results (issue #25): the definitions of PRODUCT.md §5
-- in one place. A lead counts once it is closed, won (142) or lost (143), not deleted, has a manager and a
-- department, and sits in a pipeline the sales settings include (all when none is chosen); it counts on the day
-- it closed on the organisation's clock, its budget as revenue when won. No row when it does not count. Plain SQL,
-- so that the rebuild's scan of every lead inlines it.
CREATE OR REPLACE FUNCTION sales_lead_result(lead sales_leads)
RETURNS TABLE (department_id uuid, day date, user_id uuid, revenue_minor bigint, won_count integer, lost_count integer)
LANGUAGE sql STABLE AS $$
  SELECT lead.department_id, (lead.closed_at AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date, lead.manager_user_id,
         CASE WHEN lead.status_amo_id = 142 THEN lead.budget_minor ELSE 0 END,
         (lead.status_amo_id = 142)::integer, (lead.status_amo_id = 143)::integer
  FROM (SELECT) AS one LEFT JOIN sales_settings s ON s.id = 1
  WHERE lead.manager_user_id IS NOT NULL AND lead.department_id IS NOT NULL AND lead.closed_at IS NOT NULL
    AND NOT lead.deleted AND lead.status_amo_id IN (142, 143)
    AND (coalesce(cardinality(s.included_pipeline_ids), 0) = 0 OR lead.pipeline_amo_id = ANY (s.included_pipeline_ids))
$$;
