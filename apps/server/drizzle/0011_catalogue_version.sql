CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "changes") VALUES (true, 0);--> statement-breakpoint
-- Counts the transactions that change the catalogue (ADR 0020): a cached stock page is still exact while this
-- count and its department's ledger count (0008) are unchanged. Any change counts, also of a column no list
-- shows: catalogue edits are rare, and a list of columns would have to follow every column the list reads.
-- Deferred to commit, and once per transaction (a transaction-local setting remembers it), so the one row is
-- taken at the commit's first deferred trigger and held to its end, not for the transaction, and an import
-- of 10 000 components counts once.
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cm.catalogue_changed', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('cm.catalogue_changed', 'yes', true);
    UPDATE catalogue_version SET changes = changes + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER components_catalogue_version
  AFTER INSERT OR DELETE OR UPDATE ON "components"
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
