CREATE TABLE "webhook_delivery" (
	"delivery_idx" serial PRIMARY KEY NOT NULL,
	"webhook_idx" integer NOT NULL,
	"project_idx" integer NOT NULL,
	"event_idx" bigint NOT NULL,
	"event_name" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_code" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_excerpt" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_delivery_status_check" CHECK ("webhook_delivery"."status" in ('pending', 'delivered', 'failed', 'gaveUp'))
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"webhook_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"categories" jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"lease_until" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_type_check" CHECK ("webhook"."type" in ('slack', 'teams', 'dooray', 'discord')),
	CONSTRAINT "webhook_status_check" CHECK ("webhook"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_idx_webhook_webhook_idx_fk" FOREIGN KEY ("webhook_idx") REFERENCES "public"."webhook"("webhook_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_event_hook_idx" ON "webhook_delivery" USING btree ("event_idx","webhook_idx");--> statement-breakpoint
CREATE INDEX "webhook_delivery_hook_idx" ON "webhook_delivery" USING btree ("webhook_idx","delivery_idx");--> statement-breakpoint
CREATE INDEX "webhook_delivery_open_idx" ON "webhook_delivery" USING btree ("next_attempt_at") WHERE "webhook_delivery"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_delivery_created_idx" ON "webhook_delivery" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_project_idx" ON "webhook" USING btree ("project_idx");