CREATE TABLE "mail_attachments" (
	"mail_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_id" integer NOT NULL,
	"content_id" text,
	CONSTRAINT "mail_attachments_mail_id_position_pk" PRIMARY KEY("mail_id","position")
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"contact_id" integer,
	"contact_email" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"error" text,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" text NOT NULL,
	"lease_until" timestamp with time zone,
	"resent_from_id" integer,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications_sent" (
	"license_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"occasion" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_sent_license_id_kind_subject_id_occasion_pk" PRIMARY KEY("license_id","kind","subject_id","occasion")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_sent" ADD CONSTRAINT "notifications_sent_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_file_idx" ON "mail_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "mails_license_created_idx" ON "mails" USING btree ("license_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mails_license_status_idx" ON "mails" USING btree ("license_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mails_license_contact_idx" ON "mails" USING btree ("license_id","contact_id","created_at" DESC NULLS FIRST) WHERE "mails"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "mails_waiting_idx" ON "mails" USING btree ("license_id","created_at") WHERE "mails"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "mails_waiting_error_idx" ON "mails" USING btree ("license_id","created_at") WHERE "mails"."status" = 'waiting' and "mails"."error" is not null;--> statement-breakpoint
CREATE INDEX "mails_search_trgm_idx" ON "mails" USING gin (lower("subject" || ' ' || "contact_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_license_birthday_idx" ON "customers" USING btree ("license_id",extract(month from "birthdate"),extract(day from "birthdate")) WHERE "customers"."birthdate" is not null;