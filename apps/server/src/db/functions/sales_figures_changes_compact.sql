-- Folds sales_figures_changes (ADR 0033) into one row per department, keeping each department's sum, which is what
-- readers compare. One statement, so a reader sees the rows before or after it; rows a writer adds meanwhile are
-- left for the next time. Run by the server's housekeeping.
CREATE OR REPLACE FUNCTION sales_figures_changes_compact() RETURNS void LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM sales_figures_changes RETURNING department_id, changes
  )
  INSERT INTO sales_figures_changes (department_id, changes)
  SELECT department_id, sum(changes) FROM folded GROUP BY department_id;
$$;
