-- The bookings and sales reports' covering indexes (issue 18), INCLUDE written by hand (drizzle 0.45 has
-- none); same names and keys as before, so drizzle's snapshot does not change. The bookings report reads
-- a period's bookings per calendar × product and per local hour from the dashboard's index alone.
DROP INDEX IF EXISTS "bookings_license_starts_cover_idx";--> statement-breakpoint
CREATE INDEX "bookings_license_starts_cover_idx" ON "bookings" USING btree ("license_id","starts_at") INCLUDE ("status","attended","booking_calendar_id","product_id","quantity","spaces","ends_at");--> statement-breakpoint
-- The sales report reads the lines of each paid order from this index alone.
DROP INDEX IF EXISTS "order_lines_order_idx";--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id") INCLUDE ("product_id","quantity","total_cents");
