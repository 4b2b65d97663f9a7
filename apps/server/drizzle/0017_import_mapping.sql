CREATE TABLE "import_mappings" (
	"headers_key" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_imports" DROP CONSTRAINT "pending_imports_kind_valid";--> statement-breakpoint
ALTER TABLE "pending_imports" DROP CONSTRAINT "pending_imports_department_of_components";--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_kind_valid" CHECK ("pending_imports"."kind" in ('component-file', 'components', 'leads', 'activity'));--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_department_of_components" CHECK (("pending_imports"."kind" in ('component-file', 'components')) = ("pending_imports"."department_id" is not null));--> statement-breakpoint
-- A components import previewed before this migration holds the file's raw table, which the commit no longer reads:
-- it is dropped, and its user checks the file again (a pending import lives an hour at most anyway).
DELETE FROM "pending_imports" WHERE "kind" = 'components';
