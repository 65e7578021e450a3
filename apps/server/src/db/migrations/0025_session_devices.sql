ALTER TABLE "session_family" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "session_family" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "session_family" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "session_family" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_token" ADD COLUMN "successor" text;--> statement-breakpoint
CREATE INDEX "session_family_member_idx" ON "session_family" USING btree ("member_idx");