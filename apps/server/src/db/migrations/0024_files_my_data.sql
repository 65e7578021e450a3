CREATE TABLE "member_export" (
	"export_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "member_export_state" CHECK ("member_export"."state" in ('queued', 'running', 'ready', 'failed', 'expired')),
	CONSTRAINT "member_export_progress" CHECK ("member_export"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "deleted_reason" text;--> statement-breakpoint
ALTER TABLE "member_export" ADD CONSTRAINT "member_export_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_export_active_uq" ON "member_export" USING btree ("member_idx") WHERE "member_export"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "member_export_member_idx" ON "member_export" USING btree ("member_idx","export_idx");--> statement-breakpoint
CREATE INDEX "file_uploader_idx" ON "file" USING btree ("uploader_idx");--> statement-breakpoint
CREATE INDEX "file_deleted_idx" ON "file" USING btree ("deleted_at") WHERE "file"."deleted_at" is not null;--> statement-breakpoint
-- Hand-written (issue 30, not generated): accounts withdrawn before this release get the same
-- tombstone a withdrawal now writes (member-erasure.repository.ts): the former-member nickname
-- (empty), no outside sign-in left to reach the account, and no careers or review images.
UPDATE "member" SET "nickname" = '', "career" = '[]'::jsonb, "is_free" = NULL, "color_code" = '#00D696'
 WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "member_identity" WHERE "member_idx" IN (SELECT "member_idx" FROM "member" WHERE "deleted_at" IS NOT NULL);
