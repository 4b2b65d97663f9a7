-- Produced by npm run db:functions from src/db/functions/: sales_daily_results_follow_lead, sales_daily_results_rebuild, sales_figures_changed, sales_figures_changes_compact, sales_figures_follow.
CREATE OR REPLACE FUNCTION sales_figures_changed(department uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted text := 'cm.sales_changed_' || coalesce(replace(department::text, '-', ''), 'all');
BEGIN
  IF current_setting(counted, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config(counted, 'yes', true);
    INSERT INTO sales_figures_changes (department_id, changes) VALUES (department, 1);
    PERFORM pg_notify('sales_results', coalesce(department::text, '*'));
  END IF;
END
$$;
--> statement-breakpoint
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
    PERFORM sales_figures_changed(department);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_results_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_daily_results;
  INSERT INTO sales_daily_results (department_id, day, user_id, revenue_minor, won_count, lost_count)
  SELECT r.department_id, r.day, r.user_id, sum(r.revenue_minor), sum(r.won_count), sum(r.lost_count)
  FROM sales_leads l CROSS JOIN LATERAL sales_lead_result(l) AS r
  GROUP BY r.department_id, r.day, r.user_id;
  SELECT sales_figures_changed(NULL);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_figures_changes_compact() RETURNS void LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM sales_figures_changes RETURNING department_id, changes
  )
  INSERT INTO sales_figures_changes (department_id, changes)
  SELECT department_id, sum(changes) FROM folded GROUP BY department_id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_figures_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_figures_changed(NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_plans_figures_changed AFTER INSERT OR UPDATE OR DELETE ON sales_plans
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER sales_manager_activity_figures_changed AFTER INSERT OR UPDATE OR DELETE ON sales_manager_activity
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER bonus_scheme_versions_figures_changed AFTER INSERT OR UPDATE OR DELETE ON bonus_scheme_versions
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER sales_month_closings_figures_changed AFTER INSERT OR UPDATE OR DELETE ON sales_month_closings
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER user_departments_figures_changed AFTER INSERT OR UPDATE OR DELETE ON user_departments
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER users_figures_added_or_removed AFTER INSERT OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER users_figures_changed AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.name, OLD.role, OLD.amo_id, OLD.management_type, OLD.status)
        IS DISTINCT FROM (NEW.name, NEW.role, NEW.amo_id, NEW.management_type, NEW.status)) EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER sales_settings_figures_changed AFTER UPDATE ON sales_settings
  FOR EACH ROW
  WHEN ((OLD.currency, OLD.subdomain, OLD.sync_interval_minutes)
        IS DISTINCT FROM (NEW.currency, NEW.subdomain, NEW.sync_interval_minutes)) EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER sales_sync_runs_figures_added AFTER INSERT ON sales_sync_runs
  FOR EACH STATEMENT EXECUTE FUNCTION sales_figures_follow();
--> statement-breakpoint
CREATE TRIGGER sales_sync_runs_figures_changed AFTER UPDATE ON sales_sync_runs
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.finished_at IS DISTINCT FROM NEW.finished_at)
  EXECUTE FUNCTION sales_figures_follow();
