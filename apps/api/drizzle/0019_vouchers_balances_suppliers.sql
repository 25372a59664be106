CREATE TABLE "balance_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"balance_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"booking_id" integer,
	"order_id" integer,
	"order_line_id" integer,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "customer_balances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_line_id" integer,
	"kind" text NOT NULL,
	"initial" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "customer_balances_remaining_check" CHECK ("customer_balances"."remaining" >= 0 and "customer_balances"."remaining" <= "customer_balances"."initial")
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"code" text NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer,
	"order_line_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"maximum_bookings" integer NOT NULL,
	"used_bookings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_vouchers_used_bookings_check" CHECK ("gift_vouchers"."used_bookings" >= 0 and "gift_vouchers"."used_bookings" <= "gift_vouchers"."maximum_bookings")
);
--> statement-breakpoint
CREATE TABLE "product_pack_items" (
	"license_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_pack_items_pack_id_product_id_pk" PRIMARY KEY("pack_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"name" text NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'inactive' NOT NULL,
	"starts_at" date,
	"commission_type" text,
	"commission_quantity" integer,
	"automatic_activation" boolean DEFAULT false NOT NULL,
	"app_login_url" text,
	"password_change_url" text,
	"search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(name, '')), 'áàâäãåéèêëíìîïóòôöõúùûüýÿñç', 'aaaaaaeeeeiiiiooooouuuuyync')) STORED
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_voucher_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "balance_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_sessions" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "credit_cents" integer;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_balance_id_customer_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."customer_balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_balances" ADD CONSTRAINT "customer_balances_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pack_items" ADD CONSTRAINT "product_pack_items_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pack_items" ADD CONSTRAINT "product_pack_items_pack_id_products_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pack_items" ADD CONSTRAINT "product_pack_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_movements_balance_idx" ON "balance_movements" USING btree ("balance_id","created_at","id");--> statement-breakpoint
CREATE INDEX "balance_movements_booking_idx" ON "balance_movements" USING btree ("booking_id") WHERE "balance_movements"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "balance_movements_order_idx" ON "balance_movements" USING btree ("order_id") WHERE "balance_movements"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_balances_customer_idx" ON "customer_balances" USING btree ("license_id","customer_id","kind","id");--> statement-breakpoint
CREATE INDEX "customer_balances_product_idx" ON "customer_balances" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "customer_balances_order_line_idx" ON "customer_balances" USING btree ("order_line_id") WHERE "customer_balances"."order_line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_key" ON "gift_vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_vouchers_license_created_idx" ON "gift_vouchers" USING btree ("license_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gift_vouchers_customer_idx" ON "gift_vouchers" USING btree ("customer_id") WHERE "gift_vouchers"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_vouchers_product_idx" ON "gift_vouchers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "gift_vouchers_order_line_idx" ON "gift_vouchers" USING btree ("order_line_id") WHERE "gift_vouchers"."order_line_id" is not null;--> statement-breakpoint
CREATE INDEX "product_pack_items_product_idx" ON "product_pack_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "suppliers_license_name_idx" ON "suppliers" USING btree ("license_id","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_customer_idx" ON "suppliers" USING btree ("customer_id") WHERE "suppliers"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm_idx" ON "suppliers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_balance_id_customer_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."customer_balances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Until now supplier_id was a plain id with no supplier behind it.
UPDATE "products" SET "supplier_id" = NULL WHERE "supplier_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_gift_voucher_idx" ON "bookings" USING btree ("gift_voucher_id","starts_at") WHERE "bookings"."gift_voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_balance_idx" ON "bookings" USING btree ("balance_id","starts_at") WHERE "bookings"."balance_id" is not null;