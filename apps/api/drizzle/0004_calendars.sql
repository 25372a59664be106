CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_line_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"spaces" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"notes" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"attended" boolean,
	"reschedule_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_calendar_anomalies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_calendar_anomalies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "booking_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"name" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"duration" integer NOT NULL,
	"public_duration" integer,
	"can_customers_change_the_booking_date" boolean DEFAULT false NOT NULL,
	"how_many_times_can_customer_reschedule_booking" integer,
	"maximum_days_of_booking_forecast" integer,
	"minimum_minutes_in_advance_for_booking" integer DEFAULT 0 NOT NULL,
	"maximum_concurrent_bookings" integer DEFAULT 1 NOT NULL,
	"minimum_product_duration" integer
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_calendar_id_booking_calendars_id_fk" FOREIGN KEY ("booking_calendar_id") REFERENCES "public"."booking_calendars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_calendar_anomalies" ADD CONSTRAINT "booking_calendar_anomalies_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_calendar_anomalies" ADD CONSTRAINT "booking_calendar_anomalies_booking_calendar_id_booking_calendars_id_fk" FOREIGN KEY ("booking_calendar_id") REFERENCES "public"."booking_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_calendars" ADD CONSTRAINT "booking_calendars_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_license_starts_idx" ON "bookings" USING btree ("license_id","starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_calendar_starts_idx" ON "bookings" USING btree ("booking_calendar_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bookings_product_idx" ON "bookings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "bookings_order_line_idx" ON "bookings" USING btree ("order_line_id") WHERE "bookings"."order_line_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_calendar_anomalies_calendar_starts_idx" ON "booking_calendar_anomalies" USING btree ("booking_calendar_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "booking_calendars_license_name_idx" ON "booking_calendars" USING btree ("license_id","name","id");--> statement-breakpoint
-- Until now booking_calendar_id was a plain id with no calendar to point at: none can satisfy the new key.
UPDATE "products" SET "booking_calendar_id" = NULL WHERE "booking_calendar_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_booking_calendar_id_booking_calendars_id_fk" FOREIGN KEY ("booking_calendar_id") REFERENCES "public"."booking_calendars"("id") ON DELETE restrict ON UPDATE no action;