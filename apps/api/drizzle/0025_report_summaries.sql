CREATE TABLE "booking_hours" (
	"license_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"booking_calendar_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"places" bigint DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"not_attended" integer DEFAULT 0 NOT NULL,
	"unmarked" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"booked_place_minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_hours_license_id_hour_booking_calendar_id_product_id_pk" PRIMARY KEY("license_id","hour","booking_calendar_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_hours" (
	"license_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"payment_method" text NOT NULL,
	"refund" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_hours_license_id_hour_payment_method_refund_pk" PRIMARY KEY("license_id","hour","payment_method","refund")
);
--> statement-breakpoint
CREATE TABLE "order_line_hours" (
	"license_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"product_id" integer NOT NULL,
	"refund" boolean NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_hours_license_id_hour_product_id_refund_pk" PRIMARY KEY("license_id","hour","product_id","refund")
);
--> statement-breakpoint
ALTER TABLE "booking_hours" ADD CONSTRAINT "booking_hours_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_hours" ADD CONSTRAINT "order_hours_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_hours" ADD CONSTRAINT "order_line_hours_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The summaries' upkeep (issue 18), written by hand: AFTER row triggers on bookings, orders and order_lines
-- take the old row's contribution away and add the new one's, in the writer's transaction. A subtraction
-- only updates (a row it takes from was made by the addition before it; when a license is deleted its
-- summaries may already be gone, and an insert would break their foreign key); an addition upserts.
-- `hour` is the UTC hour of the instant: exact for whole-hour-offset zones (all of Spain's); a half-hour
-- offset zone would need smaller buckets.
CREATE FUNCTION "booking_hours_apply"(b "bookings", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', b.starts_at at time zone 'UTC') at time zone 'UTC';
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
    UPDATE "booking_hours" SET "bookings" = "bookings" + n, "places" = "places" + q,
      "attended" = "attended" + a, "not_attended" = "not_attended" + na, "unmarked" = "unmarked" + u,
      "cancelled" = "cancelled" + c, "booked_place_minutes" = "booked_place_minutes" + m
    WHERE "license_id" = b.license_id AND "hour" = h AND "booking_calendar_id" = b.booking_calendar_id
      AND "product_id" = b.product_id;
  ELSE
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
CREATE FUNCTION "bookings_summarize"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.license_id, OLD.starts_at, OLD.ends_at, OLD.booking_calendar_id,
      OLD.product_id, OLD.quantity, OLD.spaces, OLD.status, OLD.attended)
    IS NOT DISTINCT FROM (NEW.license_id, NEW.starts_at, NEW.ends_at, NEW.booking_calendar_id,
      NEW.product_id, NEW.quantity, NEW.spaces, NEW.status, NEW.attended) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "booking_hours_apply"(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "booking_hours_apply"(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_summarize" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_summarize"();
--> statement-breakpoint
-- An order counts when paid or refunded with a payment date. Its own figures and its lines' move together
-- (a change of status, payment date or method moves every line); a line's trigger reads its order as it
-- stands. A deleted order takes its lines' contributions away BEFORE the delete, while they are still
-- there: the lines the delete cascades to then find no order and change nothing.
CREATE FUNCTION "order_hours_apply"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamptz := date_trunc('hour', o.payment_date at time zone 'UTC') at time zone 'UTC';
  r boolean := o.original_order_id IS NOT NULL;
BEGIN
  IF o.status NOT IN ('paid', 'refunded') OR o.payment_date IS NULL THEN RETURN; END IF;
  -- A license's sales summaries are written one transaction at a time (placing orders already is, by
  -- their numbering's lock 6001, always taken before this one): a payment and a sale touching the same
  -- products in another order would otherwise wait on each other's rows.
  PERFORM pg_advisory_xact_lock(6018, o.license_id);
  IF sign < 0 THEN
    UPDATE "order_hours" SET "orders" = "orders" - 1, "cents" = "cents" - o.total_cents
    WHERE "license_id" = o.license_id AND "hour" = h AND "payment_method" = o.payment_method
      AND "refund" = r;
    UPDATE "order_line_hours" s SET "lines" = s."lines" - l.n, "units" = s."units" - l.units,
      "cents" = s."cents" - l.cents
    FROM (SELECT "product_id", count(*)::int AS n, sum("quantity")::bigint AS units,
        sum("total_cents")::bigint AS cents
      FROM "order_lines" WHERE "order_id" = o.id GROUP BY "product_id") l
    WHERE s."license_id" = o.license_id AND s."hour" = h AND s."product_id" = l."product_id"
      AND s."refund" = r;
  ELSE
    INSERT INTO "order_hours" ("license_id", "hour", "payment_method", "refund", "orders", "cents")
    VALUES (o.license_id, h, o.payment_method, r, 1, o.total_cents)
    ON CONFLICT ("license_id", "hour", "payment_method", "refund") DO UPDATE SET
      "orders" = "order_hours"."orders" + 1, "cents" = "order_hours"."cents" + excluded."cents";
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
CREATE FUNCTION "orders_summarize"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "order_hours_apply"(OLD, -1);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.license_id, OLD.status IN ('paid', 'refunded'), OLD.payment_date,
      OLD.payment_method, OLD.original_order_id IS NULL, OLD.total_cents)
    IS NOT DISTINCT FROM (NEW.license_id, NEW.status IN ('paid', 'refunded'), NEW.payment_date,
      NEW.payment_method, NEW.original_order_id IS NULL, NEW.total_cents) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN PERFORM "order_hours_apply"(OLD, -1); END IF;
  PERFORM "order_hours_apply"(NEW, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_summarize" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_summarize"();
--> statement-breakpoint
CREATE TRIGGER "orders_summarize_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_summarize"();
--> statement-breakpoint
CREATE FUNCTION "order_line_hours_apply"(l "order_lines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  h timestamptz;
BEGIN
  SELECT "license_id", "status", "payment_date", "original_order_id" IS NOT NULL AS refund INTO o
  FROM "orders" WHERE "id" = l.order_id;
  IF NOT FOUND OR o.status NOT IN ('paid', 'refunded') OR o.payment_date IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(6018, o.license_id);
  h := date_trunc('hour', o.payment_date at time zone 'UTC') at time zone 'UTC';
  IF sign < 0 THEN
    UPDATE "order_line_hours" SET "lines" = "lines" - 1, "units" = "units" - l.quantity,
      "cents" = "cents" - l.total_cents
    WHERE "license_id" = o.license_id AND "hour" = h AND "product_id" = l.product_id
      AND "refund" = o.refund;
  ELSE
    INSERT INTO "order_line_hours" ("license_id", "hour", "product_id", "refund", "lines", "units", "cents")
    VALUES (o.license_id, h, l.product_id, o.refund, 1, l.quantity, l.total_cents)
    ON CONFLICT ("license_id", "hour", "product_id", "refund") DO UPDATE SET
      "lines" = "order_line_hours"."lines" + 1,
      "units" = "order_line_hours"."units" + excluded."units",
      "cents" = "order_line_hours"."cents" + excluded."cents";
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_lines_summarize"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.order_id, OLD.product_id, OLD.quantity, OLD.total_cents)
    IS NOT DISTINCT FROM (NEW.order_id, NEW.product_id, NEW.quantity, NEW.total_cents) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "order_line_hours_apply"(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "order_line_hours_apply"(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_summarize" AFTER INSERT OR UPDATE OR DELETE ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "order_lines_summarize"();
--> statement-breakpoint
-- The backfill: the same figures from the rows already there.
INSERT INTO "booking_hours" ("license_id", "hour", "booking_calendar_id", "product_id", "bookings", "places",
  "attended", "not_attended", "unmarked", "cancelled", "booked_place_minutes")
SELECT "license_id", date_trunc('hour', "starts_at" at time zone 'UTC') at time zone 'UTC',
  "booking_calendar_id", "product_id",
  count(*) FILTER (WHERE "status" <> 'cancelled'),
  coalesce(sum("quantity") FILTER (WHERE "status" <> 'cancelled'), 0),
  count(*) FILTER (WHERE "status" <> 'cancelled' AND "attended"),
  count(*) FILTER (WHERE "status" <> 'cancelled' AND NOT "attended"),
  count(*) FILTER (WHERE "status" <> 'cancelled' AND "attended" IS NULL),
  count(*) FILTER (WHERE "status" = 'cancelled'),
  coalesce(sum(round(extract(epoch from "ends_at" - "starts_at") / 60)::bigint * "spaces")
    FILTER (WHERE "status" <> 'cancelled'), 0)
FROM "bookings" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "order_hours" ("license_id", "hour", "payment_method", "refund", "orders", "cents")
SELECT "license_id", date_trunc('hour', "payment_date" at time zone 'UTC') at time zone 'UTC',
  "payment_method", "original_order_id" IS NOT NULL, count(*), sum("total_cents")
FROM "orders" WHERE "status" IN ('paid', 'refunded') AND "payment_date" IS NOT NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "order_line_hours" ("license_id", "hour", "product_id", "refund", "lines", "units", "cents")
SELECT o."license_id", date_trunc('hour', o."payment_date" at time zone 'UTC') at time zone 'UTC',
  l."product_id", o."original_order_id" IS NOT NULL, count(*), sum(l."quantity"), sum(l."total_cents")
FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
WHERE o."status" IN ('paid', 'refunded') AND o."payment_date" IS NOT NULL
GROUP BY 1, 2, 3, 4;
