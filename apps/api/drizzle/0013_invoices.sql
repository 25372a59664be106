CREATE TABLE "invoice_annulments" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"reason" text NOT NULL,
	"annulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"annulled_by" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"license_id" integer NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_license_id_series_year_pk" PRIMARY KEY("license_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"rectified_invoice_id" integer,
	"replaced_invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"tax_base_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "verifactu_chains" (
	"license_id" integer PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_hash" text,
	"last_generated_at" timestamp with time zone,
	"last_issuer_tax_id" text,
	"last_num_serie" text,
	"last_issue_date" text,
	"wait_seconds" integer DEFAULT 60 NOT NULL,
	"next_send_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verifactu_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"environment" text NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"num_serie" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text,
	"total_tax" text,
	"total_amount" text,
	"previous_hash" text,
	"generated_at" text NOT NULL,
	"hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error_code" integer,
	"error_text" text,
	"csv" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoice_annulments" ADD CONSTRAINT "invoice_annulments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_annulments" ADD CONSTRAINT "invoice_annulments_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rectified_invoice_id_invoices_id_fk" FOREIGN KEY ("rectified_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaced_invoice_id_invoices_id_fk" FOREIGN KEY ("replaced_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_chains" ADD CONSTRAINT "verifactu_chains_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_license_code_idx" ON "invoices" USING btree ("license_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_license_number_idx" ON "invoices" USING btree ("license_id","series","year","number");--> statement-breakpoint
CREATE INDEX "invoices_license_issued_idx" ON "invoices" USING btree ("license_id","issued_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_rectified_idx" ON "invoices" USING btree ("rectified_invoice_id") WHERE "invoices"."rectified_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_license_seq_idx" ON "verifactu_records" USING btree ("license_id","seq");--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "verifactu_records_pending_idx" ON "verifactu_records" USING btree ("license_id","seq") WHERE "verifactu_records"."state" = 'pending';--> statement-breakpoint
-- Issued invoices, their annulments and Verifactu records are never rewritten: a correction is a new
-- record. Rows go only with their license (a cascade from licenses, whose row is then already gone).
CREATE FUNCTION "refuse_change_of_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "licenses" WHERE "id" = OLD."license_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are immutable once issued', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_issued"();
--> statement-breakpoint
CREATE TRIGGER "invoice_annulments_immutable" BEFORE UPDATE OR DELETE ON "invoice_annulments"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_issued"();
--> statement-breakpoint
-- A Verifactu record's submission state changes as AEAT answers; nothing else of it ever does.
CREATE FUNCTION "refuse_change_of_verifactu_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW."license_id", NEW."invoice_id", NEW."kind", NEW."seq", NEW."environment", NEW."issuer_tax_id",
        NEW."num_serie", NEW."issue_date", NEW."invoice_type", NEW."total_tax", NEW."total_amount",
        NEW."previous_hash", NEW."generated_at", NEW."hash", NEW."payload", NEW."created_at")
       IS NOT DISTINCT FROM
       (OLD."license_id", OLD."invoice_id", OLD."kind", OLD."seq", OLD."environment", OLD."issuer_tax_id",
        OLD."num_serie", OLD."issue_date", OLD."invoice_type", OLD."total_tax", OLD."total_amount",
        OLD."previous_hash", OLD."generated_at", OLD."hash", OLD."payload", OLD."created_at") THEN
      RETURN NEW;
    END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM "licenses" WHERE "id" = OLD."license_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'a Verifactu record is immutable but for its submission state' USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER "verifactu_records_immutable" BEFORE UPDATE OR DELETE ON "verifactu_records"
  FOR EACH ROW EXECUTE FUNCTION "refuse_change_of_verifactu_record"();
