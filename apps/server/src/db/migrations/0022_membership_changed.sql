-- Tells the API instances which project's memberships changed, so the membership lookup each
-- authorization makes can be kept in memory (platform/authorization/membership-cache.ts). NOTIFY is
-- delivered after the commit only (a rolled-back change says nothing); the payload is the project id.
-- A trigger, not the repositories, so that no writer (a migration, a script, a test's raw SQL) can
-- change who may act without the instances hearing of it.
CREATE FUNCTION "membership_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', coalesce(NEW.project_idx, OLD.project_idx)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_in_project_changed" AFTER INSERT OR UPDATE OR DELETE ON "member_in_project"
  FOR EACH ROW EXECUTE FUNCTION "membership_changed"();
--> statement-breakpoint
-- The lookup also reads the project's status (INACTIVE: 423) and whether it is deleted; other
-- project edits (its name, the next story number) do not change who may act.
CREATE TRIGGER "project_access_changed" AFTER UPDATE OF "status", "del_yn" ON "project"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.del_yn IS DISTINCT FROM NEW.del_yn)
  EXECUTE FUNCTION "membership_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_removed" AFTER DELETE ON "project"
  FOR EACH ROW EXECUTE FUNCTION "membership_changed"();
