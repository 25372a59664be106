CREATE TABLE "booking_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"booking_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"spaces" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"language" text,
	"state" text DEFAULT 'held' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_booking_calendar_id_booking_calendars_id_fk" FOREIGN KEY ("booking_calendar_id") REFERENCES "public"."booking_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_holds_token_key" ON "booking_holds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_holds_calendar_occupancy_idx" ON "booking_holds" USING btree ("booking_calendar_id","starts_at","ends_at","spaces","expires_at","license_id") WHERE "booking_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "booking_holds_order_idx" ON "booking_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "booking_holds_license_idx" ON "booking_holds" USING btree ("license_id","created_at");