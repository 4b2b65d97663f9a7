CREATE TABLE "sales_figures_changes" (
	"department_id" uuid,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_figures_changes_department_idx" ON "sales_figures_changes" USING btree ("department_id");