-- Before a category's path changes: locks the balances of its components, then the category itself (the
-- order of components_lock_list_keys).
CREATE OR REPLACE FUNCTION categories_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances b JOIN components c ON c.id = b.component_id
  WHERE c.category_id = NEW.id ORDER BY b.component_id, b.location_id FOR UPDATE OF b;
  PERFORM 1 FROM categories WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;
