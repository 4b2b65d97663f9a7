-- Quantities are summed per unit of measure (ADR 0018): 120 pieces and 3.5 metres are two totals, not 123.5.
-- Each balance keeps its component's unit as one more list key (ADR 0013), so a filtered list sums its
-- quantities per unit without joining components, and the stock summary keeps the quantity per slot and unit.
-- Locked in the order the writers take these tables: a posting or an edit reads components first, then
-- writes balances, and a posting takes its summary slot at commit. Replacing the triggers on components needs
-- ACCESS EXCLUSIVE on it, so that is taken first, not midway while other sessions wait on the balances.
LOCK TABLE "components" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "stock_balances", "stock_summary" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "stock_summary_quantities" (
	"department_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_summary_quantities_department_id_slot_unit_pk" PRIMARY KEY("department_id","slot","unit")
);
--> statement-breakpoint
ALTER TABLE "stock_summary_quantities" ADD CONSTRAINT "stock_summary_quantities_slot_fk" FOREIGN KEY ("department_id","slot") REFERENCES "public"."stock_summary"("department_id","slot") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD COLUMN "unit" text;--> statement-breakpoint
UPDATE "stock_balances" b SET unit = c.unit FROM components c WHERE c.id = b.component_id;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "unit" SET NOT NULL;--> statement-breakpoint
-- A new balance copies the unit with its other keys (0006 otherwise unchanged).
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
$$;--> statement-breakpoint
-- A change of unit is rewritten into the balances like the other keys, under the same locks. Only then is
-- the unit set: setting it wakes the summary's trigger for every balance, which a rename need not.
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
$$;--> statement-breakpoint
DROP TRIGGER "components_list_keys_lock" ON "components";--> statement-breakpoint
DROP TRIGGER "components_list_keys" ON "components";--> statement-breakpoint
CREATE TRIGGER components_list_keys_lock
  BEFORE UPDATE OF sku, name, category_id, default_unit_cost_minor, unit ON "components"
  FOR EACH ROW WHEN ((OLD.sku, OLD.name, OLD.category_id, OLD.default_unit_cost_minor, OLD.unit)
                     IS DISTINCT FROM (NEW.sku, NEW.name, NEW.category_id, NEW.default_unit_cost_minor, NEW.unit))
  EXECUTE FUNCTION components_lock_list_keys();--> statement-breakpoint
CREATE TRIGGER components_list_keys
  AFTER UPDATE OF sku, name, category_id, default_unit_cost_minor, unit ON "components"
  FOR EACH ROW WHEN ((OLD.sku, OLD.name, OLD.category_id, OLD.default_unit_cost_minor, OLD.unit)
                     IS DISTINCT FROM (NEW.sku, NEW.name, NEW.category_id, NEW.default_unit_cost_minor, NEW.unit))
  EXECUTE FUNCTION components_rewrite_list_keys();--> statement-breakpoint
-- The summary (0003) with the quantity per unit. The slot row is still locked (or created) first: the
-- quantity row is then written only by the transaction holding its slot, so it adds no wait and no lock order.
DROP TRIGGER "stock_balances_summary" ON "stock_balances";--> statement-breakpoint
DROP FUNCTION stock_balances_summarise();--> statement-breakpoint
DROP FUNCTION stock_summary_apply(uuid, uuid, numeric, numeric);--> statement-breakpoint
CREATE FUNCTION stock_summary_apply(department uuid, component uuid, quantity_unit text, old_quantity numeric, new_quantity numeric)
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
$$;--> statement-breakpoint
-- A balance whose unit changed leaves its old unit's total and joins the new one's.
CREATE FUNCTION stock_balances_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_balances_summary
  AFTER INSERT OR DELETE OR UPDATE OF quantity, component_id, department_id, unit ON "stock_balances"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION stock_balances_summarise();--> statement-breakpoint
-- The balances already recorded; every slot they fall in has its stock_summary row (0003 kept it).
INSERT INTO stock_summary_quantities (department_id, slot, unit, quantity)
SELECT department_id, stock_summary_slot(component_id), unit, sum(quantity)
FROM stock_balances WHERE quantity > 0
GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE "stock_summary" DROP COLUMN "quantity";
