-- Recomputes all of sales_daily_results from the leads: when what a day or a counted pipeline is changes (the
-- organisation's time zone, the pipelines the settings include), every lead may move, so all are read again,
-- and every department's figures count as changed (sales_figures_changed).
CREATE OR REPLACE FUNCTION sales_daily_results_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_daily_results;
  INSERT INTO sales_daily_results (department_id, day, user_id, revenue_minor, won_count, lost_count)
  SELECT r.department_id, r.day, r.user_id, sum(r.revenue_minor), sum(r.won_count), sum(r.lost_count)
  FROM sales_leads l CROSS JOIN LATERAL sales_lead_result(l) AS r
  GROUP BY r.department_id, r.day, r.user_id;
  SELECT sales_figures_changed(NULL);
$$;
