-- The amoCRM request pace shared by every instance (ADR 0048). Unlogged: what it holds is good for a second or two,
-- so it needs no write-ahead log; its writes then commit without waiting for a disk flush, and after a crash of
-- PostgreSQL the table starts empty, which only lets the first requests of the next second through unpaced.
CREATE UNLOGGED TABLE "amocrm_request_pace" (
	"account" text PRIMARY KEY NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"answered_at" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"held_until" timestamp with time zone
);
