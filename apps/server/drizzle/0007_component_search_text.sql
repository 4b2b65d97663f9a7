-- The substring search's text stored on the component (ADR 0014): its trigram index then names a column,
-- and checking each candidate the index finds compares stored text instead of lowering four columns again.
DROP INDEX "components_search_idx";--> statement-breakpoint
ALTER TABLE "components" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(sku || ' ' || name || ' ' || manufacturer || ' ' || manufacturer_part_number)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "components_search_idx" ON "components" USING gin ("search_text" gin_trgm_ops);