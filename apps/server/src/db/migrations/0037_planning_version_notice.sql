-- Tells the API instances which project's planning version moved, so the embedded database can keep
-- each project's version in memory (features/planning-store/planning-version-cache.ts) instead of
-- reading it before every cached timeline and dashboard answer. As in 0022 and 0023: NOTIFY is
-- delivered after the commit only, the payload is the project id, and a trigger hears every writer.
CREATE FUNCTION "planning_version_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('planning_version_changed', coalesce(NEW.project_idx, OLD.project_idx)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "planning_version_written" AFTER INSERT OR UPDATE OR DELETE ON "planning_version"
  FOR EACH ROW EXECUTE FUNCTION "planning_version_changed"();
