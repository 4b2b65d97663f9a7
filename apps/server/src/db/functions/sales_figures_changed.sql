-- Counts a change of what the sales screens show (ADR 0033): for one department, or for every department when
-- `department` is null. Once per transaction and department (a transaction-local setting remembers it), a row only
-- added, so writers never wait for each other on a counter; the live boards of the department (all: '*') are told
-- on the `sales_results` channel at commit.
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
