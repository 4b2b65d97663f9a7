CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "changes") VALUES (true, 0);--> statement-breakpoint
-- Counts the transactions that change what the stock list shows of the catalogue (ADR 0020): a cached stock
-- page is still exact while this count and its department's ledger count (0008) are unchanged. Deferred to
-- commit, and once per transaction (a transaction-local setting remembers it), so the one row is held from
-- the commit's first deferred trigger to its end, not for the transaction: catalogue writes queue on it only
-- while they commit, and an import of 10 000 components counts once.
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cm.catalogue_changed', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('cm.catalogue_changed', 'yes', true);
    UPDATE catalogue_version SET changes = changes + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A component's edit counts when it changes a column the stock list shows, sorts, filters or values by.
-- Keep this list in step with modules/stock/repository.ts: the description's autosave, once a second while
-- someone types, must not empty every department's cache.
CREATE CONSTRAINT TRIGGER components_catalogue_version_update
  AFTER UPDATE ON "components"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.sku, OLD.name, OLD.unit, OLD.category_id, OLD.minimum_stock, OLD.default_unit_cost_minor, OLD.search_text)
        IS DISTINCT FROM
        (NEW.sku, NEW.name, NEW.unit, NEW.category_id, NEW.minimum_stock, NEW.default_unit_cost_minor, NEW.search_text))
  EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER components_catalogue_version
  AFTER INSERT OR DELETE ON "components"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalogue_version
  AFTER INSERT OR DELETE OR UPDATE ON "categories"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER locations_catalogue_version
  AFTER INSERT OR DELETE OR UPDATE ON "locations"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
