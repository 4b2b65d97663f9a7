-- Keeps sales_daily_results exact as leads change (issue #25, ADR 0032): a changed lead adds a row taking its old
-- contribution away and a row adding its new one, in the writing transaction, whichever path wrote it (sync,
-- webhook, import, a manager's AMO ID or department moving their leads). Rows are only added, never updated, so
-- concurrent writers never wait for each other on a shared manager's day, nor deadlock.
-- The settings row is share-locked first: a change of the time zone or of the included pipelines (which rebuilds
-- the whole model) waits for the lead writes in flight, and lead writes wait for it, so no lead is counted under
-- one day or pipeline rule and rebuilt under the other.
-- Each department whose results changed counts the change, once per transaction however many leads changed
-- (sales_figures_changed): kept leaderboards are computed again, and live boards read their figures again.
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
