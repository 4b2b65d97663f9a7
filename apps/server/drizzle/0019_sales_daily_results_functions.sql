-- Produced by npm run db:functions from src/db/functions/: sales_daily_results_compact, sales_daily_results_follow_lead, sales_daily_results_follow_settings, sales_daily_results_rebuild, sales_lead_result.
-- sales_lead_result comes first: the plain SQL functions after it are checked against it as they are created.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_results_compact() RETURNS bigint LANGUAGE sql AS $$
  SELECT 1 FROM sales_settings WHERE id = 1 FOR SHARE;
  WITH split AS (
    SELECT department_id, day, user_id FROM sales_daily_results
    GROUP BY department_id, day, user_id HAVING count(*) > 1
  ), folded AS (
    DELETE FROM sales_daily_results r USING split s
    WHERE r.department_id = s.department_id AND r.day = s.day AND r.user_id = s.user_id
    RETURNING r.department_id, r.day, r.user_id, r.revenue_minor, r.won_count, r.lost_count
  ), kept AS (
    INSERT INTO sales_daily_results (department_id, day, user_id, revenue_minor, won_count, lost_count)
    SELECT department_id, day, user_id, sum(revenue_minor), sum(won_count), sum(lost_count)
    FROM folded
    GROUP BY department_id, day, user_id
    HAVING sum(revenue_minor) <> 0 OR sum(won_count) <> 0 OR sum(lost_count) <> 0
    RETURNING 1
  )
  SELECT count(*) FROM folded;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_results_follow_lead() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  department uuid;
BEGIN
  PERFORM 1 FROM sales_settings WHERE id = 1 FOR SHARE;
  FOR department IN
    WITH added AS (
      INSERT INTO sales_daily_results (department_id, day, user_id, revenue_minor, won_count, lost_count)
      SELECT c.department_id, c.day, c.user_id, sum(c.sign * c.revenue_minor), sum(c.sign * c.won_count),
             sum(c.sign * c.lost_count)
      FROM (SELECT o.*, -1 AS sign FROM sales_lead_result(OLD) o WHERE TG_OP <> 'INSERT'
            UNION ALL
            SELECT n.*, 1 AS sign FROM sales_lead_result(NEW) n WHERE TG_OP <> 'DELETE') AS c
      GROUP BY c.department_id, c.day, c.user_id
      HAVING sum(c.sign * c.revenue_minor) <> 0 OR sum(c.sign * c.won_count) <> 0 OR sum(c.sign * c.lost_count) <> 0
      RETURNING department_id
    )
    SELECT DISTINCT department_id FROM added
  LOOP
    PERFORM pg_notify('sales_results', department::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_results_follow_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_daily_results_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_results_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_daily_results;
  INSERT INTO sales_daily_results (department_id, day, user_id, revenue_minor, won_count, lost_count)
  SELECT r.department_id, r.day, r.user_id, sum(r.revenue_minor), sum(r.won_count), sum(r.lost_count)
  FROM sales_leads l CROSS JOIN LATERAL sales_lead_result(l) AS r
  GROUP BY r.department_id, r.day, r.user_id;
  SELECT pg_notify('sales_results', '*');
$$;
--> statement-breakpoint
CREATE TRIGGER sales_daily_results_lead_added_or_removed AFTER INSERT OR DELETE ON sales_leads
  FOR EACH ROW EXECUTE FUNCTION sales_daily_results_follow_lead();--> statement-breakpoint
CREATE TRIGGER sales_daily_results_lead_changed AFTER UPDATE ON sales_leads
  FOR EACH ROW
  WHEN ((OLD.manager_user_id, OLD.department_id, OLD.closed_at, OLD.status_amo_id, OLD.budget_minor, OLD.deleted,
         OLD.pipeline_amo_id)
        IS DISTINCT FROM (NEW.manager_user_id, NEW.department_id, NEW.closed_at, NEW.status_amo_id, NEW.budget_minor,
                          NEW.deleted, NEW.pipeline_amo_id))
  EXECUTE FUNCTION sales_daily_results_follow_lead();--> statement-breakpoint
CREATE TRIGGER sales_daily_results_settings_added AFTER INSERT ON sales_settings
  FOR EACH ROW EXECUTE FUNCTION sales_daily_results_follow_settings();--> statement-breakpoint
CREATE TRIGGER sales_daily_results_settings_changed AFTER UPDATE ON sales_settings
  FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.included_pipeline_ids IS DISTINCT FROM NEW.included_pipeline_ids)
  EXECUTE FUNCTION sales_daily_results_follow_settings();--> statement-breakpoint
SELECT sales_daily_results_rebuild();
