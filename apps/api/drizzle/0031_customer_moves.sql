CREATE TABLE "booking_customer_moves" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"moves" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_customer_moves" ADD CONSTRAINT "booking_customer_moves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_customer_moves" ADD CONSTRAINT "booking_customer_moves_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;