CREATE TABLE "calendar_feed" (
	"calendar_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"project_idx" integer,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feed" ADD CONSTRAINT "calendar_feed_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_hash_uq" ON "calendar_feed" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "calendar_feed_member_idx" ON "calendar_feed" USING btree ("member_idx");