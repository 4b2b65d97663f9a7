-- Adds one balance's change to its department's stock summary (ADR 0011): the count of balances above
-- zero, the quantity per unit (ADR 0018) and the value at the component's default unit cost, all in the
-- component's slot.
CREATE OR REPLACE FUNCTION stock_summary_apply(department uuid, component uuid, quantity_unit text, old_quantity numeric, new_quantity numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target smallint := stock_summary_slot(component);
BEGIN
  IF old_quantity = new_quantity THEN
    RETURN;
  END IF;
  INSERT INTO stock_summary AS s (department_id, slot, balances)
  VALUES (department, target, (new_quantity > 0)::int - (old_quantity > 0)::int)
  ON CONFLICT (department_id, slot) DO UPDATE SET balances = s.balances + excluded.balances;
  INSERT INTO stock_summary_quantities AS s (department_id, slot, unit, quantity)
  VALUES (department, target, quantity_unit, new_quantity - old_quantity)
  ON CONFLICT (department_id, slot, unit) DO UPDATE SET quantity = s.quantity + excluded.quantity;
  UPDATE stock_summary s
  SET value_minor = s.value_minor + round(new_quantity * c.default_unit_cost_minor) - round(old_quantity * c.default_unit_cost_minor)
  FROM components c
  WHERE c.id = component AND s.department_id = department AND s.slot = target;
END
$$;
