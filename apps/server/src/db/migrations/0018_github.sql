CREATE TABLE "github_connection" (
	"project_idx" integer PRIMARY KEY NOT NULL,
	"auth_kind" text NOT NULL,
	"account" text NOT NULL,
	"token_cipher" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"repo" text,
	"branch" text,
	"project_key" text,
	"webhook_secret" text NOT NULL,
	"etags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_webhook_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"backfill" jsonb,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by_idx" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_link" (
	"github_link_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"story_idx" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"state" text NOT NULL,
	"url" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_sync_log" (
	"sync_log_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"source" text NOT NULL,
	"event" text,
	"delivery_id" text,
	"payload" jsonb,
	"status" text NOT NULL,
	"linked" integer DEFAULT 0 NOT NULL,
	"completed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"summary" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "github_connection" ADD CONSTRAINT "github_connection_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_link" ADD CONSTRAINT "github_link_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_link" ADD CONSTRAINT "github_link_story_idx_story_story_idx_fk" FOREIGN KEY ("story_idx") REFERENCES "public"."story"("story_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_sync_log" ADD CONSTRAINT "github_sync_log_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "github_link_uq" ON "github_link" USING btree ("story_idx","kind","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "github_sync_log_delivery_uq" ON "github_sync_log" USING btree ("project_idx","delivery_id");--> statement-breakpoint
CREATE INDEX "github_sync_log_project_idx" ON "github_sync_log" USING btree ("project_idx","sync_log_idx");