CREATE TABLE "domain_event_consumption" (
	"event_idx" bigint NOT NULL,
	"consumer" text NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_consumption_event_idx_consumer_pk" PRIMARY KEY("event_idx","consumer")
);
--> statement-breakpoint
CREATE TABLE "domain_event" (
	"event_idx" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"project_idx" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_event_pending_idx" ON "domain_event" USING btree ("event_idx") WHERE "domain_event"."dispatched_at" is null;