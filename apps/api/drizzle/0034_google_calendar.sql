CREATE TABLE "google_busy_times" (
	"link_id" integer NOT NULL,
	"license_id" integer NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_calendar_events" (
	"link_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"google_event_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_events_link_id_booking_id_pk" PRIMARY KEY("link_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "google_calendar_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "google_calendar_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"license_id" integer NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"google_calendar_id" text,
	"google_calendar_name" text,
	"refresh_token" text NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"state" text DEFAULT 'ok' NOT NULL,
	"broken_reason" text,
	"broken_since" timestamp with time zone,
	"connected_by" integer,
	"pushed_at" timestamp with time zone,
	"busy_refreshed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "google_busy_times" ADD CONSTRAINT "google_busy_times_link_id_google_calendar_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."google_calendar_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_events" ADD CONSTRAINT "google_calendar_events_link_id_google_calendar_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."google_calendar_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_booking_calendar_id_booking_calendars_id_fk" FOREIGN KEY ("booking_calendar_id") REFERENCES "public"."booking_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_busy_times_calendar_idx" ON "google_busy_times" USING btree ("booking_calendar_id","starts_at","ends_at","license_id");--> statement-breakpoint
CREATE INDEX "google_busy_times_link_idx" ON "google_busy_times" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_links_calendar_key" ON "google_calendar_links" USING btree ("booking_calendar_id");--> statement-breakpoint
CREATE INDEX "google_calendar_links_license_idx" ON "google_calendar_links" USING btree ("license_id");