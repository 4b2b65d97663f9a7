CREATE TABLE "sales_lead_refreshes" (
	"account_id" bigint NOT NULL,
	"amo_id" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "sales_lead_refreshes_account_id_amo_id_pk" PRIMARY KEY("account_id","amo_id")
);
--> statement-breakpoint
CREATE INDEX "sales_lead_refreshes_queued_idx" ON "sales_lead_refreshes" USING btree ("account_id","queued_at");