-- After a component's keys changed: rewrites them into its balances (ADR 0013), under the locks of
-- components_lock_list_keys. The unit is set only when it changed: setting it wakes the summary's trigger for
-- every balance (stock_balances_summarise), which a rename need not.
CREATE OR REPLACE FUNCTION components_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.unit IS DISTINCT FROM OLD.unit THEN
    UPDATE stock_balances
    SET sku_key = lower(NEW.sku), name_key = lower(NEW.name), unit_cost_minor = NEW.default_unit_cost_minor,
        unit = NEW.unit, category_key = (SELECT lower(path) FROM categories WHERE id = NEW.category_id)
    WHERE component_id = NEW.id;
  ELSE
    UPDATE stock_balances
    SET sku_key = lower(NEW.sku), name_key = lower(NEW.name), unit_cost_minor = NEW.default_unit_cost_minor,
        category_key = (SELECT lower(path) FROM categories WHERE id = NEW.category_id)
    WHERE component_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
