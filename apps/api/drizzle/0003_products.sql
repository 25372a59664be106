CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"license_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text,
	"description" text,
	CONSTRAINT "product_translations_product_id_language_pk" PRIMARY KEY("product_id","language")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"reference" text,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"image" integer,
	"type" text NOT NULL,
	"tax_id" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"sell_online" boolean DEFAULT false NOT NULL,
	"duration_in_minutes" integer,
	"public_duration" integer,
	"spaces_occupied_in_the_calendar" integer,
	"can_customers_change_the_booking_date" boolean DEFAULT false NOT NULL,
	"how_many_times_can_customer_reschedule_booking" integer,
	"periodicity_quantity" integer,
	"periodicity_unit" text,
	"free_subscription_trial_days" integer,
	"days_to_pay_subscription_renewal" integer,
	"periodicity_of_subscription_payment" text,
	"supplier_commission_type" text,
	"supplier_commission_quantity" integer,
	"booking_calendar_id" integer,
	"supplier_id" integer,
	"search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(name, '') || ' ' || coalesce(reference, '') || ' ' || coalesce(description, '')), 'áàâäãåéèêëíìîïóòôöõúùûüýÿñç', 'aaaaaaeeeeiiiiooooouuuuyync')) STORED
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_files_id_fk" FOREIGN KEY ("image") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_license_order_idx" ON "order_lines" USING btree ("license_id","order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_license_reference_key" ON "products" USING btree ("license_id",lower("reference")) WHERE "products"."reference" is not null;--> statement-breakpoint
CREATE INDEX "products_license_name_idx" ON "products" USING btree ("license_id","name","id");--> statement-breakpoint
CREATE INDEX "products_license_supplier_idx" ON "products" USING btree ("license_id","supplier_id","name","id") WHERE "products"."supplier_id" is not null;--> statement-breakpoint
CREATE INDEX "products_license_calendar_idx" ON "products" USING btree ("license_id","booking_calendar_id") WHERE "products"."booking_calendar_id" is not null;--> statement-breakpoint
CREATE INDEX "products_tax_idx" ON "products" USING btree ("tax_id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);