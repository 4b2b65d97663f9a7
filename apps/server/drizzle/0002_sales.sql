CREATE TABLE "sales_calls" (
	"account_id" bigint NOT NULL,
	"entity_type" text NOT NULL,
	"note_amo_id" bigint NOT NULL,
	"entity_amo_id" bigint NOT NULL,
	"manager_amo_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"amo_updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_calls_account_id_entity_type_note_amo_id_pk" PRIMARY KEY("account_id","entity_type","note_amo_id"),
	CONSTRAINT "sales_calls_entity_type_valid" CHECK ("sales_calls"."entity_type" in ('leads', 'contacts')),
	CONSTRAINT "sales_calls_direction_valid" CHECK ("sales_calls"."direction" in ('in', 'out')),
	CONSTRAINT "sales_calls_duration_nonnegative" CHECK ("sales_calls"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_chat_messages" (
	"account_id" bigint NOT NULL,
	"event_amo_id" text NOT NULL,
	"manager_amo_id" bigint NOT NULL,
	"lead_amo_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_chat_messages_account_id_event_amo_id_pk" PRIMARY KEY("account_id","event_amo_id")
);
--> statement-breakpoint
CREATE TABLE "sales_contacts" (
	"account_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"amo_updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_contacts_account_id_amo_id_pk" PRIMARY KEY("account_id","amo_id")
);
--> statement-breakpoint
CREATE TABLE "sales_leads" (
	"account_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"title" text NOT NULL,
	"main_contact_amo_id" bigint,
	"payment_method" text,
	"budget_minor" bigint NOT NULL,
	"amo_created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"pipeline_amo_id" bigint NOT NULL,
	"status_amo_id" bigint NOT NULL,
	"loss_reason_amo_id" bigint,
	"responsible_amo_user_id" bigint NOT NULL,
	"manager_user_id" uuid,
	"department_id" uuid,
	"amo_updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_leads_account_id_amo_id_pk" PRIMARY KEY("account_id","amo_id"),
	CONSTRAINT "sales_leads_budget_nonnegative" CHECK ("sales_leads"."budget_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_loss_reasons" (
	"account_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "sales_loss_reasons_account_id_amo_id_pk" PRIMARY KEY("account_id","amo_id")
);
--> statement-breakpoint
CREATE TABLE "sales_manager_activity" (
	"account_id" bigint NOT NULL,
	"manager_amo_id" bigint NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"call_seconds" bigint DEFAULT 0 NOT NULL,
	"call_minutes" numeric(14, 2) GENERATED ALWAYS AS (round(call_seconds / 60.0, 2)) STORED NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_manager_activity_account_id_manager_amo_id_day_pk" PRIMARY KEY("account_id","manager_amo_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_pipeline_statuses" (
	"account_id" bigint NOT NULL,
	"pipeline_amo_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"color" text,
	"type" smallint NOT NULL,
	CONSTRAINT "sales_pipeline_statuses_account_id_pipeline_amo_id_amo_id_pk" PRIMARY KEY("account_id","pipeline_amo_id","amo_id")
);
--> statement-breakpoint
CREATE TABLE "sales_pipelines" (
	"account_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"is_main" boolean NOT NULL,
	"is_archive" boolean NOT NULL,
	CONSTRAINT "sales_pipelines_account_id_amo_id_pk" PRIMARY KEY("account_id","amo_id")
);
--> statement-breakpoint
CREATE TABLE "sales_plans" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_plans_user_id_month_pk" PRIMARY KEY("user_id","month"),
	CONSTRAINT "sales_plans_month_valid" CHECK ("sales_plans"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "sales_plans_amount_nonnegative" CHECK ("sales_plans"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"subdomain" text,
	"token_sealed" text,
	"amo_account_id" bigint,
	"included_pipeline_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"payment_method_field_id" bigint,
	"sync_interval_minutes" integer DEFAULT 15 NOT NULL,
	"webhook_secret" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"leads_cursor" bigint DEFAULT 0 NOT NULL,
	"notes_cursor" bigint DEFAULT 0 NOT NULL,
	"events_cursor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_settings_single_row" CHECK ("sales_settings"."id" = 1),
	CONSTRAINT "sales_settings_sync_interval_valid" CHECK ("sales_settings"."sync_interval_minutes" between 0 and 1440),
	CONSTRAINT "sales_settings_currency_valid" CHECK ("sales_settings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "sales_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pages" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"leads_created" integer DEFAULT 0 NOT NULL,
	"leads_updated" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"notes" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"unmatched_amo_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"error" text,
	CONSTRAINT "sales_sync_runs_status_valid" CHECK ("sales_sync_runs"."status" in ('running', 'succeeded', 'failed', 'token_invalid')),
	CONSTRAINT "sales_sync_runs_trigger_valid" CHECK ("sales_sync_runs"."trigger" in ('manual', 'scheduled'))
);
--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_leads" ADD CONSTRAINT "sales_leads_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_plans" ADD CONSTRAINT "sales_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_plans" ADD CONSTRAINT "sales_plans_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_sync_runs" ADD CONSTRAINT "sales_sync_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_calls_created_idx" ON "sales_calls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_chat_messages_created_idx" ON "sales_chat_messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_leads_department_closed_idx" ON "sales_leads" USING btree ("department_id","closed_at");--> statement-breakpoint
CREATE INDEX "sales_leads_manager_closed_idx" ON "sales_leads" USING btree ("manager_user_id","closed_at");--> statement-breakpoint
CREATE INDEX "sales_leads_responsible_idx" ON "sales_leads" USING btree ("responsible_amo_user_id");--> statement-breakpoint
CREATE INDEX "sales_manager_activity_day_idx" ON "sales_manager_activity" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_plans_month_idx" ON "sales_plans" USING btree ("month");--> statement-breakpoint
CREATE INDEX "sales_sync_runs_started_idx" ON "sales_sync_runs" USING btree ("started_at");