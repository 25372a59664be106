CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "customer_custom_field_values" (
	"license_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" text,
	CONSTRAINT "customer_custom_field_values_customer_id_custom_field_id_pk" PRIMARY KEY("customer_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text,
	"company" text,
	"vat" text,
	"email" text,
	"phone" text,
	"birthdate" date,
	"gender" text,
	"street" text,
	"street_number" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"notes" text,
	"image" integer,
	"search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(company, '') || ' ' || coalesce(vat, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')), 'áàâäãåéèêëíìîïóòôöõúùûüýÿñç', 'aaaaaaeeeeiiiiooooouuuuyync')) STORED
);
--> statement-breakpoint
ALTER TABLE "customer_custom_field_values" ADD CONSTRAINT "customer_custom_field_values_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_custom_field_values" ADD CONSTRAINT "customer_custom_field_values_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_custom_field_values" ADD CONSTRAINT "customer_custom_field_values_custom_field_id_custom_fields_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_license_email_key" ON "customers" USING btree ("license_id",lower("email")) WHERE "customers"."email" is not null;--> statement-breakpoint
CREATE INDEX "customers_license_name_idx" ON "customers" USING btree ("license_id","name","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);