ALTER TABLE "refresh_tokens" ADD COLUMN "successor_id" uuid;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_pair_sealed" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_successor_id_refresh_tokens_id_fk" FOREIGN KEY ("successor_id") REFERENCES "public"."refresh_tokens"("id") ON DELETE set null ON UPDATE no action;