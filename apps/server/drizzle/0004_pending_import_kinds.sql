ALTER TABLE "pending_imports" ALTER COLUMN "department_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_imports" ADD COLUMN "kind" text DEFAULT 'components' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_kind_valid" CHECK ("pending_imports"."kind" in ('components', 'leads', 'activity'));--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_department_of_components" CHECK (("pending_imports"."kind" = 'components') = ("pending_imports"."department_id" is not null));