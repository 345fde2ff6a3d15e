ALTER TABLE "workspaces" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_language" text;