CREATE TABLE "external_calendar_writes" (
	"external_calendar_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_calendar_writes_external_calendar_id_booking_id_pk" PRIMARY KEY("external_calendar_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "external_calendar_writes" ADD CONSTRAINT "external_calendar_writes_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_writes" ADD CONSTRAINT "external_calendar_writes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;