-- After a location's path changed: rewrites the location key of its balances (ADR 0013).
CREATE OR REPLACE FUNCTION locations_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances SET location_key = lower(NEW.path) WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
