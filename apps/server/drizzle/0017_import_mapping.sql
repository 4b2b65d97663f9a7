CREATE TABLE "import_mappings" (
	"headers_key" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_imports" DROP CONSTRAINT "pending_imports_kind_valid";--> statement-breakpoint
ALTER TABLE "pending_imports" DROP CONSTRAINT "pending_imports_department_of_components";--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_kind_valid" CHECK ("pending_imports"."kind" in ('component-file', 'components', 'leads', 'activity'));--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_department_of_components" CHECK (("pending_imports"."kind" in ('component-file', 'components')) = ("pending_imports"."department_id" is not null));