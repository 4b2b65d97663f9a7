CREATE TABLE "stock_closing_months" (
	"department_id" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_closing_months_department_id_closed_at_pk" PRIMARY KEY("department_id","closed_at")
);
--> statement-breakpoint
CREATE TABLE "stock_closings" (
	"department_id" uuid NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"component_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	CONSTRAINT "stock_closings_department_id_closed_at_component_id_location_id_pk" PRIMARY KEY("department_id","closed_at","component_id","location_id"),
	CONSTRAINT "stock_closings_quantity_positive" CHECK ("stock_closings"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_closing_months" ADD CONSTRAINT "stock_closing_months_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;