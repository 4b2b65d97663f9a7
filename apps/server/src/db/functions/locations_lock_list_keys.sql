-- Before a location's path changes: locks its balances, then the location itself (the order of
-- components_lock_list_keys).
CREATE OR REPLACE FUNCTION locations_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances WHERE location_id = NEW.id ORDER BY component_id FOR UPDATE;
  PERFORM 1 FROM locations WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;
