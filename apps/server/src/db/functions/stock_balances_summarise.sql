-- Keeps the stock summary (ADR 0011) in step with every write to a balance: a change of quantity is added
-- in place; a balance that moved to another department, component or unit leaves the old one's totals and
-- joins the new one's.
CREATE OR REPLACE FUNCTION stock_balances_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.department_id = OLD.department_id AND NEW.component_id = OLD.component_id
     AND NEW.unit = OLD.unit THEN
    PERFORM stock_summary_apply(NEW.department_id, NEW.component_id, NEW.unit, OLD.quantity, NEW.quantity);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stock_summary_apply(OLD.department_id, OLD.component_id, OLD.unit, OLD.quantity, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stock_summary_apply(NEW.department_id, NEW.component_id, NEW.unit, 0, NEW.quantity);
  END IF;
  RETURN NULL;
END
$$;
