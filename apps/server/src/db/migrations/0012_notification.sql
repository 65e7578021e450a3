CREATE TABLE "notification_setting" (
	"member_idx" integer NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"notification_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"project_idx" integer,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"event_idx" integer NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"digest_pending" boolean DEFAULT false NOT NULL,
	"mail_queued_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_setting_uq" ON "notification_setting" USING btree ("member_idx","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_once_uq" ON "notification" USING btree ("event_idx","member_idx","kind");--> statement-breakpoint
CREATE INDEX "notification_member_idx" ON "notification" USING btree ("member_idx","notification_idx");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("member_idx") WHERE "notification"."read_at" is null and "notification"."in_app";--> statement-breakpoint
CREATE INDEX "notification_digest_idx" ON "notification" USING btree ("member_idx") WHERE "notification"."digest_pending";