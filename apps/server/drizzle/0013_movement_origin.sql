ALTER TABLE "movements" ADD COLUMN "origin" text;--> statement-breakpoint
-- Opening balances imported before this release carry English words a Russian reader saw as they were: their
-- reference and note become the code, put in words in the reader's language (issue #22). The ledger refuses
-- every update (0001), so its guard steps aside for this one statement of this migration.
ALTER TABLE "movements" DISABLE TRIGGER "movements_append_only";--> statement-breakpoint
UPDATE "movements" SET "origin" = 'opening-balance', "reference" = '', "note" = ''
WHERE "type" = 'receipt' AND "reference" = 'Opening balance' AND "note" = 'Import';--> statement-breakpoint
ALTER TABLE "movements" ENABLE TRIGGER "movements_append_only";
