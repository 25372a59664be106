CREATE TABLE "list_shrinks" (
	"license_id" integer NOT NULL,
	"list" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_shrinks_license_id_list_pk" PRIMARY KEY("license_id","list")
);

--> statement-breakpoint
-- Rows left a list: its license's number moves on, in the deleting transaction (statement level: one
-- upsert per license a statement deleted from). A row's license never changes, so only deletes shrink.
CREATE FUNCTION "list_shrunk"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_shrinks" ("license_id", "list", "n")
    SELECT DISTINCT g.license_id, TG_TABLE_NAME, 1 FROM gone g
    ON CONFLICT ("license_id", "list") DO UPDATE SET "n" = "list_shrinks"."n" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_list_shrunk" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "list_shrunk"();
--> statement-breakpoint
CREATE TRIGGER "orders_list_shrunk" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "list_shrunk"();
