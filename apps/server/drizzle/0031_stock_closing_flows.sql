CREATE TABLE "stock_closing_flows" (
	"department_id" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"component_id" uuid NOT NULL,
	"received" bigint NOT NULL,
	"issued" bigint NOT NULL,
	"transferred_in" bigint NOT NULL,
	"transferred_out" bigint NOT NULL,
	"adjusted" bigint NOT NULL,
	"movements" bigint NOT NULL,
	CONSTRAINT "stock_closing_flows_department_id_closed_at_component_id_pk" PRIMARY KEY("department_id","closed_at","component_id")
);
--> statement-breakpoint
-- Closings built before this have no flows: drop them, the next report builds them again with theirs (ADR 0044).
DELETE FROM "stock_closings";--> statement-breakpoint
DELETE FROM "stock_closing_months";
