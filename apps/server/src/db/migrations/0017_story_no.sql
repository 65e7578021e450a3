ALTER TABLE "project" ADD COLUMN "next_story_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "story" ADD COLUMN "story_no" integer;--> statement-breakpoint
UPDATE "story" SET "story_no" = numbered.n FROM (SELECT "story_idx", row_number() OVER (PARTITION BY "project_idx" ORDER BY "story_idx") AS n FROM "story") AS numbered WHERE numbered."story_idx" = "story"."story_idx";--> statement-breakpoint
UPDATE "project" SET "next_story_no" = coalesce((SELECT max("story_no") FROM "story" WHERE "story"."project_idx" = "project"."project_idx"), 0) + 1;--> statement-breakpoint
ALTER TABLE "story" ALTER COLUMN "story_no" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "story_no_uq" ON "story" USING btree ("project_idx","story_no");
