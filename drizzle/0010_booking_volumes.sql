CREATE TABLE "booking_volumes" (
	"account_id" uuid NOT NULL,
	"period" date NOT NULL,
	"created" integer NOT NULL,
	CONSTRAINT "booking_volumes_account_id_period_pk" PRIMARY KEY("account_id","period")
);
--> statement-breakpoint
ALTER TABLE "booking_volumes" ADD CONSTRAINT "booking_volumes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The platform's safety limit (429 booking_volume_refused) reads this row instead of counting
-- the period's bookings on every create (lib/bookings/create-facts.ts). Deferred to commit,
-- like the availability revision: the row's lock is taken last and held only while committing.
CREATE FUNCTION "count_booking_volume"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE booking_volumes SET created = booking_volumes.created - 1
      FROM workspaces
      WHERE workspaces.id = OLD.workspace_id AND booking_volumes.account_id = workspaces.account_id
        AND booking_volumes.period = date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO booking_volumes (account_id, period, created)
      SELECT workspaces.account_id, date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, 1
      FROM workspaces WHERE workspaces.id = NEW.workspace_id
      ON CONFLICT (account_id, period) DO UPDATE SET created = booking_volumes.created + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_volume_insert" AFTER INSERT ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_booking_volume"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_volume_delete" AFTER DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "count_booking_volume"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_volume_move" AFTER UPDATE OF "created_at", "workspace_id" ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id)
  EXECUTE FUNCTION "count_booking_volume"();--> statement-breakpoint
INSERT INTO "booking_volumes" ("account_id", "period", "created")
  SELECT "workspaces"."account_id", date_trunc('month', "bookings"."created_at" AT TIME ZONE 'UTC')::date, count(*)
  FROM "bookings" JOIN "workspaces" ON "workspaces"."id" = "bookings"."workspace_id"
  GROUP BY 1, 2;
