CREATE TABLE "stock_summary" (
	"department_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"balances" bigint DEFAULT 0 NOT NULL,
	"quantity" numeric DEFAULT '0' NOT NULL,
	"value_minor" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_summary_department_id_slot_pk" PRIMARY KEY("department_id","slot"),
	CONSTRAINT "stock_summary_slot_valid" CHECK ("stock_summary"."slot" between 0 and 15)
);
--> statement-breakpoint
ALTER TABLE "stock_summary" ADD CONSTRAINT "stock_summary_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_balances_department_quantity_idx" ON "stock_balances" USING btree ("department_id","quantity");--> statement-breakpoint
-- The stock summary (ADR 0011) is kept by triggers, so postings, imports, the demo seed and cost edits all
-- keep it right without knowing of it. A component's slot: the last byte of its (random) id, mod 16.
CREATE FUNCTION stock_summary_slot(component_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (get_byte(uuid_send(component_id), 15) % 16)::smallint
$$;--> statement-breakpoint
-- Moves one balance from old_quantity to new_quantity in its department's slot. The slot row is locked (or
-- created) by the first statement; the cost is read by the second, with a snapshot taken after that lock.
-- A cost edit holds the same row while it revalues the component (below), so a balance change is valued
-- either before the edit (and revalued by it) or after it commits, at the new cost, never half of each.
CREATE FUNCTION stock_summary_apply(department uuid, component uuid, old_quantity numeric, new_quantity numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target smallint := stock_summary_slot(component);
BEGIN
  IF old_quantity = new_quantity THEN
    RETURN;
  END IF;
  INSERT INTO stock_summary AS s (department_id, slot, balances, quantity)
  VALUES (department, target, (new_quantity > 0)::int - (old_quantity > 0)::int, new_quantity - old_quantity)
  ON CONFLICT (department_id, slot)
  DO UPDATE SET balances = s.balances + excluded.balances, quantity = s.quantity + excluded.quantity;
  UPDATE stock_summary s
  SET value_minor = s.value_minor + round(new_quantity * c.default_unit_cost_minor) - round(old_quantity * c.default_unit_cost_minor)
  FROM components c
  WHERE c.id = component AND s.department_id = department AND s.slot = target;
END
$$;--> statement-breakpoint
CREATE FUNCTION stock_balances_summarise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.department_id = OLD.department_id AND NEW.component_id = OLD.component_id THEN
    PERFORM stock_summary_apply(NEW.department_id, NEW.component_id, OLD.quantity, NEW.quantity);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stock_summary_apply(OLD.department_id, OLD.component_id, OLD.quantity, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM stock_summary_apply(NEW.department_id, NEW.component_id, 0, NEW.quantity);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to commit: a posting locks its slot only for the moment of its commit, after its balances, so
-- a transfer (two balances, one slot) and an issue at its destination cannot wait on each other.
CREATE CONSTRAINT TRIGGER stock_balances_summary
  AFTER INSERT OR DELETE OR UPDATE OF quantity, component_id, department_id ON "stock_balances"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION stock_balances_summarise();--> statement-breakpoint
-- A new default unit cost revalues the component's balances in every department. Its slot is locked in
-- every department first, in department order (so two cost edits cannot deadlock), and only then are the
-- balances read, with a snapshot that includes every posting that held one of those slots before.
CREATE FUNCTION components_revalue_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target smallint := stock_summary_slot(NEW.id);
BEGIN
  INSERT INTO stock_summary (department_id, slot)
  SELECT id, target FROM departments ORDER BY id
  ON CONFLICT (department_id, slot) DO NOTHING;
  PERFORM 1 FROM stock_summary WHERE slot = target ORDER BY department_id FOR UPDATE;
  UPDATE stock_summary s SET value_minor = s.value_minor + d.change
  FROM (
    SELECT department_id,
           sum(round(quantity * NEW.default_unit_cost_minor) - round(quantity * OLD.default_unit_cost_minor)) AS change
    FROM stock_balances WHERE component_id = NEW.id AND quantity > 0 GROUP BY department_id
  ) d
  WHERE s.department_id = d.department_id AND s.slot = target;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER components_stock_value
  AFTER UPDATE OF default_unit_cost_minor ON "components"
  FOR EACH ROW WHEN (OLD.default_unit_cost_minor IS DISTINCT FROM NEW.default_unit_cost_minor)
  EXECUTE FUNCTION components_revalue_stock();--> statement-breakpoint
-- The balances already recorded.
INSERT INTO stock_summary (department_id, slot, balances, quantity, value_minor)
SELECT b.department_id, stock_summary_slot(b.component_id), count(*), sum(b.quantity),
       sum(round(b.quantity * c.default_unit_cost_minor))
FROM stock_balances b JOIN components c ON c.id = b.component_id
WHERE b.quantity > 0
GROUP BY 1, 2;
