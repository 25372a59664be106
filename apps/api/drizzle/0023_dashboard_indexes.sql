-- The dashboard's covering indexes (issue 18). INCLUDE is written by hand: drizzle 0.45 cannot declare it.
CREATE INDEX "bookings_license_starts_cover_idx" ON "bookings" USING btree ("license_id","starts_at") INCLUDE ("status","attended");--> statement-breakpoint
CREATE INDEX "customers_license_created_idx" ON "customers" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_license_paid_idx" ON "orders" USING btree ("license_id","payment_date") INCLUDE ("total_cents","payment_method","original_order_id") WHERE "orders"."status" in ('paid', 'refunded');
