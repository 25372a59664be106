ALTER TABLE "order_lines" ADD COLUMN "cash_register_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cash_register_id_cash_registers_id_fk" FOREIGN KEY ("cash_register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_cash_register_idx" ON "order_lines" USING btree ("cash_register_id","order_id","product_id","unit_price_cents","quantity","total_cents") WHERE "order_lines"."cash_register_id" is not null;--> statement-breakpoint
UPDATE "order_lines" AS l SET "cash_register_id" = o."cash_register_id" FROM "orders" AS o WHERE o."id" = l."order_id" AND o."cash_register_id" IS NOT NULL;
