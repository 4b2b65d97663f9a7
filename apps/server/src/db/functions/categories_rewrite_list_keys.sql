-- After a category's path changed: rewrites the category key of its components' balances (ADR 0013).
CREATE OR REPLACE FUNCTION categories_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances b SET category_key = lower(NEW.path)
  FROM components c WHERE c.id = b.component_id AND c.category_id = NEW.id;
  RETURN NULL;
END
$$;
