CREATE TABLE "booking_days" (
	"license_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"places" bigint DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"not_attended" integer DEFAULT 0 NOT NULL,
	"unmarked" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"booked_place_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_days_license_id_day_booking_calendar_id_product_id_pk" PRIMARY KEY("license_id","day","booking_calendar_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_days" (
	"license_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"refund" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_days_license_id_day_payment_method_refund_pk" PRIMARY KEY("license_id","day","payment_method","refund")
);
--> statement-breakpoint
CREATE TABLE "order_line_days" (
	"license_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"product_id" integer NOT NULL,
	"refund" boolean NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_days_license_id_day_product_id_refund_pk" PRIMARY KEY("license_id","day","product_id","refund")
);
--> statement-breakpoint
ALTER TABLE "booking_days" ADD CONSTRAINT "booking_days_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_days" ADD CONSTRAINT "order_days_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_days" ADD CONSTRAINT "order_line_days_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The day summaries' upkeep (issue 18), by hand: the functions of 0025 write the UTC day's row, then the
-- hour's, with the same figures. Day first: a transaction writing several bookings of one day and one
-- marking another's attendance then meet on the day row before either holds an hour row the other needs
-- (the order rows are written under the license's lock 6018 anyway).
CREATE OR REPLACE FUNCTION "booking_hours_apply"(b "bookings", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', b.starts_at at time zone 'UTC') at time zone 'UTC';
  d timestamptz := date_trunc('day', b.starts_at at time zone 'UTC') at time zone 'UTC';
  live integer := case when b.status <> 'cancelled' then 1 else 0 end;
  n integer := live * sign;
  q bigint := live * b.quantity * sign;
  a integer := case when b.attended then live else 0 end * sign;
  na integer := case when not b.attended then live else 0 end * sign;
  u integer := case when b.attended is null then live else 0 end * sign;
  c integer := (1 - live) * sign;
  m bigint := live * round(extract(epoch from b.ends_at - b.starts_at) / 60)::bigint * b.spaces * sign;
BEGIN
  IF sign < 0 THEN
    UPDATE "booking_days" SET "bookings" = "bookings" + n, "places" = "places" + q,
      "attended" = "attended" + a, "not_attended" = "not_attended" + na, "unmarked" = "unmarked" + u,
      "cancelled" = "cancelled" + c, "booked_place_minutes" = "booked_place_minutes" + m
    WHERE "license_id" = b.license_id AND "day" = d AND "booking_calendar_id" = b.booking_calendar_id
      AND "product_id" = b.product_id;
    UPDATE "booking_hours" SET "bookings" = "bookings" + n, "places" = "places" + q,
      "attended" = "attended" + a, "not_attended" = "not_attended" + na, "unmarked" = "unmarked" + u,
      "cancelled" = "cancelled" + c, "booked_place_minutes" = "booked_place_minutes" + m
    WHERE "license_id" = b.license_id AND "hour" = h AND "booking_calendar_id" = b.booking_calendar_id
      AND "product_id" = b.product_id;
  ELSE
    INSERT INTO "booking_days" ("license_id", "day", "booking_calendar_id", "product_id", "bookings",
      "places", "attended", "not_attended", "unmarked", "cancelled", "booked_place_minutes")
    VALUES (b.license_id, d, b.booking_calendar_id, b.product_id, n, q, a, na, u, c, m)
    ON CONFLICT ("license_id", "day", "booking_calendar_id", "product_id") DO UPDATE SET
      "bookings" = "booking_days"."bookings" + excluded."bookings",
      "places" = "booking_days"."places" + excluded."places",
      "attended" = "booking_days"."attended" + excluded."attended",
      "not_attended" = "booking_days"."not_attended" + excluded."not_attended",
      "unmarked" = "booking_days"."unmarked" + excluded."unmarked",
      "cancelled" = "booking_days"."cancelled" + excluded."cancelled",
      "booked_place_minutes" = "booking_days"."booked_place_minutes" + excluded."booked_place_minutes";
    INSERT INTO "booking_hours" ("license_id", "hour", "booking_calendar_id", "product_id", "bookings",
      "places", "attended", "not_attended", "unmarked", "cancelled", "booked_place_minutes")
    VALUES (b.license_id, h, b.booking_calendar_id, b.product_id, n, q, a, na, u, c, m)
    ON CONFLICT ("license_id", "hour", "booking_calendar_id", "product_id") DO UPDATE SET
      "bookings" = "booking_hours"."bookings" + excluded."bookings",
      "places" = "booking_hours"."places" + excluded."places",
      "attended" = "booking_hours"."attended" + excluded."attended",
      "not_attended" = "booking_hours"."not_attended" + excluded."not_attended",
      "unmarked" = "booking_hours"."unmarked" + excluded."unmarked",
      "cancelled" = "booking_hours"."cancelled" + excluded."cancelled",
      "booked_place_minutes" = "booking_hours"."booked_place_minutes" + excluded."booked_place_minutes";
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_hours_apply"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', o.payment_date at time zone 'UTC') at time zone 'UTC';
  d timestamptz := date_trunc('day', o.payment_date at time zone 'UTC') at time zone 'UTC';
  r boolean := o.original_order_id IS NOT NULL;
BEGIN
  IF o.status NOT IN ('paid', 'refunded') OR o.payment_date IS NULL THEN RETURN; END IF;
  -- A license's sales summaries are written one transaction at a time (placing orders already is, by
  -- their numbering's lock 6001, always taken before this one): a payment and a sale touching the same
  -- products in another order would otherwise wait on each other's rows.
  PERFORM pg_advisory_xact_lock(6018, o.license_id);
  IF sign < 0 THEN
    UPDATE "order_days" SET "orders" = "orders" - 1, "cents" = "cents" - o.total_cents
    WHERE "license_id" = o.license_id AND "day" = d AND "payment_method" = o.payment_method
      AND "refund" = r;
    UPDATE "order_hours" SET "orders" = "orders" - 1, "cents" = "cents" - o.total_cents
    WHERE "license_id" = o.license_id AND "hour" = h AND "payment_method" = o.payment_method
      AND "refund" = r;
    UPDATE "order_line_days" s SET "lines" = s."lines" - l.n, "units" = s."units" - l.units,
      "cents" = s."cents" - l.cents
    FROM (SELECT "product_id", count(*)::int AS n, sum("quantity")::bigint AS units,
        sum("total_cents")::bigint AS cents
      FROM "order_lines" WHERE "order_id" = o.id GROUP BY "product_id") l
    WHERE s."license_id" = o.license_id AND s."day" = d AND s."product_id" = l."product_id"
      AND s."refund" = r;
    UPDATE "order_line_hours" s SET "lines" = s."lines" - l.n, "units" = s."units" - l.units,
      "cents" = s."cents" - l.cents
    FROM (SELECT "product_id", count(*)::int AS n, sum("quantity")::bigint AS units,
        sum("total_cents")::bigint AS cents
      FROM "order_lines" WHERE "order_id" = o.id GROUP BY "product_id") l
    WHERE s."license_id" = o.license_id AND s."hour" = h AND s."product_id" = l."product_id"
      AND s."refund" = r;
  ELSE
    INSERT INTO "order_days" ("license_id", "day", "payment_method", "refund", "orders", "cents")
    VALUES (o.license_id, d, o.payment_method, r, 1, o.total_cents)
    ON CONFLICT ("license_id", "day", "payment_method", "refund") DO UPDATE SET
      "orders" = "order_days"."orders" + 1, "cents" = "order_days"."cents" + excluded."cents";
    INSERT INTO "order_hours" ("license_id", "hour", "payment_method", "refund", "orders", "cents")
    VALUES (o.license_id, h, o.payment_method, r, 1, o.total_cents)
    ON CONFLICT ("license_id", "hour", "payment_method", "refund") DO UPDATE SET
      "orders" = "order_hours"."orders" + 1, "cents" = "order_hours"."cents" + excluded."cents";
    INSERT INTO "order_line_days" ("license_id", "day", "product_id", "refund", "lines", "units", "cents")
    SELECT o.license_id, d, "product_id", r, count(*)::int, sum("quantity")::bigint, sum("total_cents")::bigint
    FROM "order_lines" WHERE "order_id" = o.id GROUP BY "product_id"
    ON CONFLICT ("license_id", "day", "product_id", "refund") DO UPDATE SET
      "lines" = "order_line_days"."lines" + excluded."lines",
      "units" = "order_line_days"."units" + excluded."units",
      "cents" = "order_line_days"."cents" + excluded."cents";
    INSERT INTO "order_line_hours" ("license_id", "hour", "product_id", "refund", "lines", "units", "cents")
    SELECT o.license_id, h, "product_id", r, count(*)::int, sum("quantity")::bigint, sum("total_cents")::bigint
    FROM "order_lines" WHERE "order_id" = o.id GROUP BY "product_id"
    ON CONFLICT ("license_id", "hour", "product_id", "refund") DO UPDATE SET
      "lines" = "order_line_hours"."lines" + excluded."lines",
      "units" = "order_line_hours"."units" + excluded."units",
      "cents" = "order_line_hours"."cents" + excluded."cents";
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_line_hours_apply"(l "order_lines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  h timestamptz;
  d timestamptz;
BEGIN
  SELECT "license_id", "status", "payment_date", "original_order_id" IS NOT NULL AS refund INTO o
  FROM "orders" WHERE "id" = l.order_id;
  IF NOT FOUND OR o.status NOT IN ('paid', 'refunded') OR o.payment_date IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(6018, o.license_id);
  h := date_trunc('hour', o.payment_date at time zone 'UTC') at time zone 'UTC';
  d := date_trunc('day', o.payment_date at time zone 'UTC') at time zone 'UTC';
  IF sign < 0 THEN
    UPDATE "order_line_days" SET "lines" = "lines" - 1, "units" = "units" - l.quantity,
      "cents" = "cents" - l.total_cents
    WHERE "license_id" = o.license_id AND "day" = d AND "product_id" = l.product_id
      AND "refund" = o.refund;
    UPDATE "order_line_hours" SET "lines" = "lines" - 1, "units" = "units" - l.quantity,
      "cents" = "cents" - l.total_cents
    WHERE "license_id" = o.license_id AND "hour" = h AND "product_id" = l.product_id
      AND "refund" = o.refund;
  ELSE
    INSERT INTO "order_line_days" ("license_id", "day", "product_id", "refund", "lines", "units", "cents")
    VALUES (o.license_id, d, l.product_id, o.refund, 1, l.quantity, l.total_cents)
    ON CONFLICT ("license_id", "day", "product_id", "refund") DO UPDATE SET
      "lines" = "order_line_days"."lines" + 1,
      "units" = "order_line_days"."units" + excluded."units",
      "cents" = "order_line_days"."cents" + excluded."cents";
    INSERT INTO "order_line_hours" ("license_id", "hour", "product_id", "refund", "lines", "units", "cents")
    VALUES (o.license_id, h, l.product_id, o.refund, 1, l.quantity, l.total_cents)
    ON CONFLICT ("license_id", "hour", "product_id", "refund") DO UPDATE SET
      "lines" = "order_line_hours"."lines" + 1,
      "units" = "order_line_hours"."units" + excluded."units",
      "cents" = "order_line_hours"."cents" + excluded."cents";
  END IF;
END $$;
--> statement-breakpoint
-- The backfill: each day the sum of its hours.
INSERT INTO "booking_days" ("license_id", "day", "booking_calendar_id", "product_id", "bookings", "places",
  "attended", "not_attended", "unmarked", "cancelled", "booked_place_minutes")
SELECT "license_id", date_trunc('day', "hour" at time zone 'UTC') at time zone 'UTC', "booking_calendar_id",
  "product_id", sum("bookings"), sum("places"), sum("attended"), sum("not_attended"), sum("unmarked"),
  sum("cancelled"), sum("booked_place_minutes")
FROM "booking_hours" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "order_days" ("license_id", "day", "payment_method", "refund", "orders", "cents")
SELECT "license_id", date_trunc('day', "hour" at time zone 'UTC') at time zone 'UTC', "payment_method",
  "refund", sum("orders"), sum("cents")
FROM "order_hours" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "order_line_days" ("license_id", "day", "product_id", "refund", "lines", "units", "cents")
SELECT "license_id", date_trunc('day', "hour" at time zone 'UTC') at time zone 'UTC', "product_id", "refund",
  sum("lines"), sum("units"), sum("cents")
FROM "order_line_hours" GROUP BY 1, 2, 3, 4;
