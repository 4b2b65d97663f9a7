-- Substring search over components (trigram index); PGlite loads the extension from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL,
	"ancestor_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_parameters" (
	"component_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	CONSTRAINT "component_parameters_component_id_position_pk" PRIMARY KEY("component_id","position")
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"manufacturer" text DEFAULT '' NOT NULL,
	"manufacturer_part_number" text DEFAULT '' NOT NULL,
	"package" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" uuid,
	"datasheet_url" text DEFAULT '' NOT NULL,
	"minimum_stock" numeric(15, 3) DEFAULT '0' NOT NULL,
	"default_unit_cost_minor" bigint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "components_minimum_stock_nonnegative" CHECK ("components"."minimum_stock" >= 0),
	CONSTRAINT "components_default_unit_cost_nonnegative" CHECK ("components"."default_unit_cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_stock" (
	"department_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	CONSTRAINT "department_stock_department_id_component_id_pk" PRIMARY KEY("department_id","component_id"),
	CONSTRAINT "department_stock_quantity_nonnegative" CHECK ("department_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL,
	"ancestor_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "movements_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"department_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"from_location_id" uuid,
	"to_location_id" uuid,
	"unit_cost_minor" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid NOT NULL,
	"reversal_of_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movements_type_valid" CHECK ("movements"."type" in ('receipt', 'issue', 'transfer', 'adjustment', 'reversal')),
	CONSTRAINT "movements_quantity_positive" CHECK ("movements"."quantity" > 0),
	CONSTRAINT "movements_has_location" CHECK ("movements"."from_location_id" is not null or "movements"."to_location_id" is not null),
	CONSTRAINT "movements_distinct_locations" CHECK ("movements"."from_location_id" is distinct from "movements"."to_location_id")
);
--> statement-breakpoint
CREATE TABLE "pending_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"component_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_component_id_location_id_pk" PRIMARY KEY("component_id","location_id"),
	CONSTRAINT "stock_balances_quantity_nonnegative" CHECK ("stock_balances"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_parameters" ADD CONSTRAINT "component_parameters_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_stock" ADD CONSTRAINT "department_stock_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_stock" ADD CONSTRAINT "department_stock_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_reversal_of_id_movements_id_fk" FOREIGN KEY ("reversal_of_id") REFERENCES "public"."movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_imports" ADD CONSTRAINT "pending_imports_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_unique" ON "categories" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_ancestor_ids_idx" ON "categories" USING gin ("ancestor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "components_sku_unique" ON "components" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "components_name_idx" ON "components" USING btree ("name");--> statement-breakpoint
CREATE INDEX "components_category_idx" ON "components" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "components_manufacturer_idx" ON "components" USING btree ("manufacturer");--> statement-breakpoint
CREATE INDEX "components_updated_at_idx" ON "components" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "components_search_idx" ON "components" USING gin ((lower("sku" || ' ' || "name" || ' ' || "manufacturer" || ' ' || "manufacturer_part_number")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "department_stock_component_idx" ON "department_stock" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_sibling_name_unique" ON "locations" USING btree ("department_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "locations_department_path_idx" ON "locations" USING btree ("department_id","path");--> statement-breakpoint
CREATE INDEX "locations_ancestor_ids_idx" ON "locations" USING gin ("ancestor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "movements_number_unique" ON "movements" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "movements_reversal_of_unique" ON "movements" USING btree ("reversal_of_id");--> statement-breakpoint
CREATE INDEX "movements_department_number_idx" ON "movements" USING btree ("department_id","number");--> statement-breakpoint
CREATE INDEX "movements_department_created_idx" ON "movements" USING btree ("department_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_department_component_created_idx" ON "movements" USING btree ("department_id","component_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_department_type_created_idx" ON "movements" USING btree ("department_id","type","created_at");--> statement-breakpoint
CREATE INDEX "movements_department_user_created_idx" ON "movements" USING btree ("department_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_from_location_idx" ON "movements" USING btree ("from_location_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_to_location_idx" ON "movements" USING btree ("to_location_id","created_at");--> statement-breakpoint
CREATE INDEX "movements_component_idx" ON "movements" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "pending_imports_created_idx" ON "pending_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_balances_department_component_idx" ON "stock_balances" USING btree ("department_id","component_id");--> statement-breakpoint
CREATE INDEX "stock_balances_location_idx" ON "stock_balances" USING btree ("location_id");--> statement-breakpoint
-- The movement ledger is append-only: mistakes are reversed by a new movement, never edited away.
CREATE FUNCTION movements_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'movements are append-only' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER movements_append_only BEFORE UPDATE OR DELETE ON "movements"
  FOR EACH ROW EXECUTE FUNCTION movements_refuse_change();--> statement-breakpoint
CREATE TRIGGER movements_no_truncate BEFORE TRUNCATE ON "movements"
  FOR EACH STATEMENT EXECUTE FUNCTION movements_refuse_change();
