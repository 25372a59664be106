ALTER TABLE "booking_holds" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD COLUMN "next_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_holds_expiry_idx" ON "booking_holds" USING btree ("expires_at") WHERE "booking_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "booking_holds_refund_due_idx" ON "booking_holds" USING btree ("next_refund_at") WHERE "booking_holds"."state" = 'refund_due';