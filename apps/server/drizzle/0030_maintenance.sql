CREATE TABLE "maintenance_mode" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"message" text,
	"expected_end" timestamp with time zone,
	CONSTRAINT "maintenance_mode_single_row" CHECK ("maintenance_mode"."id" = 1)
);
