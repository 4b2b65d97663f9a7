-- The stock list's sort keys on each balance (ADR 0013): lower() of the component's SKU and name, of its
-- category's and of the location's path, and the component's default unit cost with the value it gives.
-- Triggers keep them, so postings, imports, the demo seed and every edit keep them right without knowing
-- of them; every sort the list offers is then one index walked in order, and a page joins only its rows.
DROP INDEX "locations_lower_path_idx";--> statement-breakpoint
DROP INDEX "stock_balances_department_quantity_idx";--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "sku_key" text;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "category_key" text;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "location_key" text;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "unit_cost_minor" bigint;--> statement-breakpoint
UPDATE "stock_balances" b
SET sku_key = lower(c.sku), name_key = lower(c.name), unit_cost_minor = c.default_unit_cost_minor,
    category_key = (SELECT lower(path) FROM categories WHERE id = c.category_id),
    location_key = (SELECT lower(path) FROM locations WHERE id = b.location_id)
FROM components c WHERE c.id = b.component_id;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "sku_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "location_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "unit_cost_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "value_minor" numeric GENERATED ALWAYS AS (round(quantity * unit_cost_minor)) STORED;--> statement-breakpoint
CREATE INDEX "stock_balances_list_sku_idx" ON "stock_balances" USING btree ("department_id","sku_key","location_key","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_list_name_idx" ON "stock_balances" USING btree ("department_id","name_key","sku_key","location_key","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_list_category_idx" ON "stock_balances" USING btree ("department_id","category_key","sku_key","location_key","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_list_category_desc_idx" ON "stock_balances" USING btree ("department_id","category_key" DESC NULLS LAST,"sku_key" DESC NULLS LAST,"location_key" DESC NULLS LAST,"location_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_balances_list_location_idx" ON "stock_balances" USING btree ("department_id","location_key","sku_key","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_list_quantity_idx" ON "stock_balances" USING btree ("department_id","quantity","sku_key","location_key","location_id");--> statement-breakpoint
CREATE INDEX "stock_balances_list_value_idx" ON "stock_balances" USING btree ("department_id","value_minor","sku_key","location_key","location_id");--> statement-breakpoint
-- A new balance copies its keys. The rows they come from are read FOR KEY SHARE: an edit of those keys
-- first takes FOR UPDATE (below), so either it waits for this balance's transaction and then rewrites the
-- balance with the rest, or this read waits for the edit's commit and copies the new values; a balance can
-- never keep a value its source no longer has.
-- An upsert runs this trigger before it finds its row. When the row exists (balances are never deleted)
-- the insert becomes an update of the quantity and the proposed row is dropped, after the NOT NULL checks:
-- it takes the existing row's keys, and no source is read or locked. A receipt into an existing balance
-- then locks in the order an issue does (the balance, then its movement's foreign keys), and cannot
-- deadlock with an edit holding that balance.
CREATE FUNCTION stock_balances_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  category uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT sku_key, name_key, category_key, location_key, unit_cost_minor
    INTO NEW.sku_key, NEW.name_key, NEW.category_key, NEW.location_key, NEW.unit_cost_minor
    FROM stock_balances WHERE component_id = NEW.component_id AND location_id = NEW.location_id;
    IF FOUND THEN
      RETURN NEW;
    END IF;
  END IF;
  SELECT lower(c.sku), lower(c.name), c.default_unit_cost_minor, c.category_id
  INTO NEW.sku_key, NEW.name_key, NEW.unit_cost_minor, category
  FROM components c WHERE c.id = NEW.component_id FOR KEY SHARE;
  SELECT lower(path) INTO NEW.category_key FROM categories WHERE id = category FOR KEY SHARE;
  SELECT lower(path) INTO NEW.location_key FROM locations WHERE id = NEW.location_id FOR KEY SHARE;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_balances_keys
  BEFORE INSERT OR UPDATE OF component_id, location_id ON "stock_balances"
  FOR EACH ROW EXECUTE FUNCTION stock_balances_copy_keys();--> statement-breakpoint
-- Before a source row's keys change, lock what the change rewrites, then the row itself FOR UPDATE (which
-- conflicts with the FOR KEY SHARE of a new balance copying it): wait for every transaction that copied it,
-- and keep new copies out until this one commits. The balances first, in (component, location) order, the
-- order postings lock them in: a posting holding one of them takes only FOR KEY SHARE on this row (its
-- movement's foreign keys), which the UPDATE's own lock allows, so it finishes and lets the edit go on. In a
-- statement that edits many rows, every row's balances are locked before any AFTER trigger (below, and the
-- stock summary's revaluation of 0003) runs. What remains is rare (a transfer into a new balance, a rename
-- of several locations at once while a transfer between them runs); PostgreSQL resolves it by aborting one
-- side, and both postings and edits retry.
CREATE FUNCTION components_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances WHERE component_id = NEW.id ORDER BY location_id FOR UPDATE;
  PERFORM 1 FROM components WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION categories_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances b JOIN components c ON c.id = b.component_id
  WHERE c.category_id = NEW.id ORDER BY b.component_id, b.location_id FOR UPDATE OF b;
  PERFORM 1 FROM categories WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION locations_lock_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_balances WHERE location_id = NEW.id ORDER BY component_id FOR UPDATE;
  PERFORM 1 FROM locations WHERE id = NEW.id FOR UPDATE;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Then rewrite the copies, with a snapshot taken after those locks.
CREATE FUNCTION components_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances
  SET sku_key = lower(NEW.sku), name_key = lower(NEW.name), unit_cost_minor = NEW.default_unit_cost_minor,
      category_key = (SELECT lower(path) FROM categories WHERE id = NEW.category_id)
  WHERE component_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION categories_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances b SET category_key = lower(NEW.path)
  FROM components c WHERE c.id = b.component_id AND c.category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION locations_rewrite_list_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_balances SET location_key = lower(NEW.path) WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER components_list_keys_lock
  BEFORE UPDATE OF sku, name, category_id, default_unit_cost_minor ON "components"
  FOR EACH ROW WHEN ((OLD.sku, OLD.name, OLD.category_id, OLD.default_unit_cost_minor)
                     IS DISTINCT FROM (NEW.sku, NEW.name, NEW.category_id, NEW.default_unit_cost_minor))
  EXECUTE FUNCTION components_lock_list_keys();--> statement-breakpoint
CREATE TRIGGER components_list_keys
  AFTER UPDATE OF sku, name, category_id, default_unit_cost_minor ON "components"
  FOR EACH ROW WHEN ((OLD.sku, OLD.name, OLD.category_id, OLD.default_unit_cost_minor)
                     IS DISTINCT FROM (NEW.sku, NEW.name, NEW.category_id, NEW.default_unit_cost_minor))
  EXECUTE FUNCTION components_rewrite_list_keys();--> statement-breakpoint
CREATE TRIGGER categories_list_keys_lock
  BEFORE UPDATE OF path ON "categories"
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION categories_lock_list_keys();--> statement-breakpoint
CREATE TRIGGER categories_list_keys
  AFTER UPDATE OF path ON "categories"
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION categories_rewrite_list_keys();--> statement-breakpoint
CREATE TRIGGER locations_list_keys_lock
  BEFORE UPDATE OF path ON "locations"
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION locations_lock_list_keys();--> statement-breakpoint
CREATE TRIGGER locations_list_keys
  AFTER UPDATE OF path ON "locations"
  FOR EACH ROW WHEN (OLD.path IS DISTINCT FROM NEW.path) EXECUTE FUNCTION locations_rewrite_list_keys();
