ALTER TABLE "webhook" DROP CONSTRAINT "webhook_type_check";--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "event_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "secret_cipher" text;--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "previous_secret_cipher" text;--> statement-breakpoint
ALTER TABLE "webhook" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_type_check" CHECK ("webhook"."type" in ('slack', 'teams', 'dooray', 'discord', 'standard'));