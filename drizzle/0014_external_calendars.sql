CREATE TABLE "external_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"display_url" text NOT NULL,
	"name" text,
	"credentials_sealed" text NOT NULL,
	"write_back" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"etag" text,
	"last_modified" text,
	"expanded_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"external_calendar_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"uid_hash" text NOT NULL,
	CONSTRAINT "external_busy_times_range" CHECK ("external_busy_times"."starts_at" < "external_busy_times"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "external_conflicts" (
	"booking_id" uuid NOT NULL,
	"external_calendar_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_conflicts_booking_id_external_calendar_id_starts_at_ends_at_pk" PRIMARY KEY("booking_id","external_calendar_id","starts_at","ends_at")
);
--> statement-breakpoint
CREATE TABLE "external_calendar_writes" (
	"external_calendar_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_calendar_writes_external_calendar_id_booking_id_pk" PRIMARY KEY("external_calendar_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_conflicts" ADD CONSTRAINT "external_conflicts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_conflicts" ADD CONSTRAINT "external_conflicts_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_writes" ADD CONSTRAINT "external_calendar_writes_external_calendar_id_external_calendars_id_fk" FOREIGN KEY ("external_calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_writes" ADD CONSTRAINT "external_calendar_writes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_calendars_staff_id_created_at_index" ON "external_calendars" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "external_calendars_next_sync_at_index" ON "external_calendars" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "external_busy_times_staff_id_starts_at_index" ON "external_busy_times" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "external_busy_times_external_calendar_id_index" ON "external_busy_times" USING btree ("external_calendar_id");