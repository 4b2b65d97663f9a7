-- A new default unit cost revalues the component's balances in every department. Its slot is locked in
-- every department first, in department order (so two cost edits cannot deadlock), and only then are the
-- balances read, with a snapshot that includes every posting that held one of those slots before.
CREATE OR REPLACE FUNCTION components_revalue_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target smallint := stock_summary_slot(NEW.id);
BEGIN
  INSERT INTO stock_summary (department_id, slot)
  SELECT id, target FROM departments ORDER BY id
  ON CONFLICT (department_id, slot) DO NOTHING;
  PERFORM 1 FROM stock_summary WHERE slot = target ORDER BY department_id FOR UPDATE;
  UPDATE stock_summary s SET value_minor = s.value_minor + d.change
  FROM (
    SELECT department_id,
           sum(round(quantity * NEW.default_unit_cost_minor) - round(quantity * OLD.default_unit_cost_minor)) AS change
    FROM stock_balances WHERE component_id = NEW.id AND quantity > 0 GROUP BY department_id
  ) d
  WHERE s.department_id = d.department_id AND s.slot = target;
  RETURN NULL;
END
$$;
