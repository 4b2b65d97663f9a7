ALTER TABLE "users" DROP CONSTRAINT "users_locale_valid";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_theme_valid";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "locale" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "locale" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "theme" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "theme" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_valid" CHECK ("users"."locale" is null or "users"."locale" in ('en', 'ru'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_theme_valid" CHECK ("users"."theme" is null or "users"."theme" in ('light', 'dark', 'system'));--> statement-breakpoint
-- Until now every account started at 'en' and 'light', and sign-in took those values as not chosen (ADR 0037): they
-- become the "not chosen" they stood for, so sign-in behaves as it did for every existing account.
UPDATE "users" SET "locale" = NULL WHERE "locale" = 'en';--> statement-breakpoint
UPDATE "users" SET "theme" = NULL WHERE "theme" = 'light';
