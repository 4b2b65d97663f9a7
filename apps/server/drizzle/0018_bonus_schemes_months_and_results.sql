CREATE TABLE "bonus_scheme_versions" (
	"management_type" text NOT NULL,
	"effective_from" text NOT NULL,
	"fixed_salary_minor" bigint NOT NULL,
	"tier_mode" text NOT NULL,
	"levels" jsonb NOT NULL,
	"fixed_bonus_at_120_minor" bigint NOT NULL,
	"above_plan_rate_percent" numeric(5, 2) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_scheme_versions_management_type_effective_from_pk" PRIMARY KEY("management_type","effective_from"),
	CONSTRAINT "bonus_scheme_versions_type_valid" CHECK ("bonus_scheme_versions"."management_type" in ('offline', 'online', 'hybrid')),
	CONSTRAINT "bonus_scheme_versions_month_valid" CHECK ("bonus_scheme_versions"."effective_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "bonus_scheme_versions_tier_mode_valid" CHECK ("bonus_scheme_versions"."tier_mode" in ('highest', 'marginal')),
	CONSTRAINT "bonus_scheme_versions_amounts_valid" CHECK ("bonus_scheme_versions"."fixed_salary_minor" >= 0 and "bonus_scheme_versions"."fixed_bonus_at_120_minor" >= 0
          and "bonus_scheme_versions"."above_plan_rate_percent" between 0 and 100),
	CONSTRAINT "bonus_scheme_versions_levels_list" CHECK (jsonb_typeof("bonus_scheme_versions"."levels") = 'array')
);
--> statement-breakpoint
CREATE TABLE "sales_daily_results" (
	"department_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"revenue_minor" bigint NOT NULL,
	"won_count" integer NOT NULL,
	"lost_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_month_closings" (
	"department_id" uuid NOT NULL,
	"month" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	CONSTRAINT "sales_month_closings_department_id_month_pk" PRIMARY KEY("department_id","month"),
	CONSTRAINT "sales_month_closings_month_valid" CHECK ("sales_month_closings"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "sales_month_figures" (
	"department_id" uuid NOT NULL,
	"month" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"management_type" text,
	"plan_minor" bigint,
	"revenue_minor" bigint NOT NULL,
	"won_count" integer NOT NULL,
	"lost_count" integer NOT NULL,
	"call_minutes" integer NOT NULL,
	"scheme_effective_from" text,
	"calculation" jsonb,
	CONSTRAINT "sales_month_figures_department_id_month_user_id_pk" PRIMARY KEY("department_id","month","user_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_scheme_versions" ADD CONSTRAINT "bonus_scheme_versions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_month_closings" ADD CONSTRAINT "sales_month_closings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_month_closings" ADD CONSTRAINT "sales_month_closings_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_month_figures" ADD CONSTRAINT "sales_month_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_month_figures" ADD CONSTRAINT "sales_month_figures_closing_fk" FOREIGN KEY ("department_id","month") REFERENCES "public"."sales_month_closings"("department_id","month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_daily_results_department_day_idx" ON "sales_daily_results" USING btree ("department_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_results_user_day_idx" ON "sales_daily_results" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "sales_month_closings_month_idx" ON "sales_month_closings" USING btree ("month");--> statement-breakpoint
CREATE INDEX "sales_month_figures_scheme_idx" ON "sales_month_figures" USING btree ("management_type","scheme_effective_from");--> statement-breakpoint
CREATE INDEX "sales_manager_activity_manager_day_idx" ON "sales_manager_activity" USING btree ("manager_amo_id","day");