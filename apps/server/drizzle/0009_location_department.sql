-- A location's children, balances and movements name its department, and their foreign keys are now the pair
-- (department, location): the database refuses a location of another department (ADR 0017). Postings read
-- locations, then change balances, then append to the ledger; this migration locks the three in that order
-- before it replaces their keys, so a posting in flight finishes first instead of deadlocking with it.
LOCK TABLE "locations", "stock_balances", "movements" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_department_id_unique" UNIQUE("department_id","id");--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_parent_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_from_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_to_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_fk" FOREIGN KEY ("department_id","parent_id") REFERENCES "public"."locations"("department_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_from_location_fk" FOREIGN KEY ("department_id","from_location_id") REFERENCES "public"."locations"("department_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_to_location_fk" FOREIGN KEY ("department_id","to_location_id") REFERENCES "public"."locations"("department_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_fk" FOREIGN KEY ("department_id","location_id") REFERENCES "public"."locations"("department_id","id") ON DELETE restrict ON UPDATE no action;
