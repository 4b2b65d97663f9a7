-- A new balance copies the list keys of its component, category and location (ADR 0013), its unit cost and
-- its unit (ADR 0018), taking FOR KEY SHARE on each source row so that a rename waits for it or it for the
-- rename (see components_lock_list_keys). An upsert's row that already exists keeps its keys.
CREATE OR REPLACE FUNCTION stock_balances_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT sku_key, name_key, category_key, location_key, unit_cost_minor, unit
    INTO NEW.sku_key, NEW.name_key, NEW.category_key, NEW.location_key, NEW.unit_cost_minor, NEW.unit
    FROM stock_balances WHERE component_id = NEW.component_id AND location_id = NEW.location_id;
    IF FOUND THEN
      RETURN NEW;
    END IF;
  END IF;
  SELECT lower(c.sku), lower(c.name), c.default_unit_cost_minor, c.unit, c.category_id
  INTO NEW.sku_key, NEW.name_key, NEW.unit_cost_minor, NEW.unit, category
  FROM components c WHERE c.id = NEW.component_id FOR KEY SHARE;
  SELECT lower(path) INTO NEW.category_key FROM categories WHERE id = category FOR KEY SHARE;
  SELECT lower(path) INTO NEW.location_key FROM locations WHERE id = NEW.location_id FOR KEY SHARE;
  RETURN NEW;
END
$$;
