-- Produced by npm run db:functions from src/db/functions/: stock_closings_drop_later.
CREATE OR REPLACE FUNCTION stock_closings_drop_later() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH earliest AS (
    SELECT department_id, min(created_at) AS created_at FROM added_movements GROUP BY department_id
  ), dropped AS (
    DELETE FROM stock_closing_months c USING earliest e
    WHERE c.department_id = e.department_id AND c.closed_at > e.created_at
    RETURNING c.department_id, c.closed_at
  ), quantities AS (
    DELETE FROM stock_closings s USING dropped d
    WHERE s.department_id = d.department_id AND s.closed_at = d.closed_at
  )
  DELETE FROM stock_closing_flows f USING dropped d
  WHERE f.department_id = d.department_id AND f.closed_at = d.closed_at;
  RETURN NULL;
END
$$;
