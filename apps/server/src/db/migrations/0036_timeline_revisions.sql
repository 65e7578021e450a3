ALTER TABLE "milestone" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand after the generated line above: the triggers that move a milestone's revision.
-- Every writer (services, imports, the AI draft, GitHub sync, a person with psql) is heard, once
-- per statement: a bulk insert of 1,000 stories moves each milestone it touches by one.
-- A milestone's own update moves its revision unless the update is the revision's move itself.
CREATE FUNCTION "milestone_revised"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revision = OLD.revision THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "milestone_revision" BEFORE UPDATE ON "milestone"
  FOR EACH ROW EXECUTE FUNCTION "milestone_revised"();
--> statement-breakpoint
-- Stories written: the milestones they were in and are in now.
CREATE FUNCTION "story_milestones_revised"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "milestone" SET "revision" = "revision" + 1
      WHERE "milestone_idx" IN (SELECT "milestone_idx" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "milestone" SET "revision" = "revision" + 1
      WHERE "milestone_idx" IN (SELECT "milestone_idx" FROM "old_rows");
  ELSE
    UPDATE "milestone" SET "revision" = "revision" + 1
      WHERE "milestone_idx" IN (SELECT "milestone_idx" FROM "new_rows" UNION SELECT "milestone_idx" FROM "old_rows");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "story_inserted_revision" AFTER INSERT ON "story"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "story_milestones_revised"();
--> statement-breakpoint
CREATE TRIGGER "story_updated_revision" AFTER UPDATE ON "story"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "story_milestones_revised"();
--> statement-breakpoint
CREATE TRIGGER "story_deleted_revision" AFTER DELETE ON "story"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "story_milestones_revised"();
--> statement-breakpoint
-- Assignees written: the milestones of their stories (a story deleted with them moved it already).
CREATE FUNCTION "assignee_milestones_revised"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "milestone" SET "revision" = "revision" + 1 WHERE "milestone_idx" IN (
      SELECT s."milestone_idx" FROM "story" s JOIN "new_rows" a ON a."story_idx" = s."story_idx");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "milestone" SET "revision" = "revision" + 1 WHERE "milestone_idx" IN (
      SELECT s."milestone_idx" FROM "story" s JOIN "old_rows" a ON a."story_idx" = s."story_idx");
  ELSE
    UPDATE "milestone" SET "revision" = "revision" + 1 WHERE "milestone_idx" IN (
      SELECT s."milestone_idx" FROM "story" s
        JOIN (SELECT "story_idx" FROM "new_rows" UNION SELECT "story_idx" FROM "old_rows") a
        ON a."story_idx" = s."story_idx");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "assignee_inserted_revision" AFTER INSERT ON "story_assignee"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "assignee_milestones_revised"();
--> statement-breakpoint
CREATE TRIGGER "assignee_deleted_revision" AFTER DELETE ON "story_assignee"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "assignee_milestones_revised"();
--> statement-breakpoint
CREATE TRIGGER "assignee_updated_revision" AFTER UPDATE ON "story_assignee"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "assignee_milestones_revised"();
