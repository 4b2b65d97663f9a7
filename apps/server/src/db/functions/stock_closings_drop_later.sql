-- The monthly closings are sums of the ledger up to their instant (ADR 0044). Postings are stamped with their
-- transaction's time, after every closing, and leave them alone; rows written with an earlier time (demo history, bulk
-- loads) would make the later closings wrong, so those closings are dropped here and built again when next asked for.
-- Statement-level, over the statement's new rows: a bulk insert checks once, a posting costs one index probe.
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
