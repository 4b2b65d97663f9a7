-- Folds the rows of sales_daily_results (ADR 0032) into one per department, day and manager, and drops the keys
-- whose changes add up to nothing (a lead moved to another manager leaves nothing behind). Only keys with more than
-- one row are touched. One statement, so a reader sees the rows before or after it, never a half; rows a writer
-- adds meanwhile are left for the next time.
-- It waits for a rebuild in flight (the settings row, as the lead triggers do). Run by the server's housekeeping;
-- returns how many rows it folded.
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
$$;
