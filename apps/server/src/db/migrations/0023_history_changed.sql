-- Tells the API instances which project's history changed, so story and milestone history lists
-- can be kept in memory (features/history/history-cache.ts). As in 0022: NOTIFY is delivered after
-- the commit only, the payload is the project id, and a trigger hears every writer. PostgreSQL folds
-- identical notices of one transaction into one, so a change writing many records sends one.
CREATE FUNCTION "history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', coalesce(NEW.project_idx, OLD.project_idx)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "history_written" AFTER INSERT OR UPDATE OR DELETE ON "history"
  FOR EACH ROW EXECUTE FUNCTION "history_changed"();
--> statement-breakpoint
-- A list shows each record's author by nickname: a renamed or removed member changes lists of any
-- project, so the payload is empty (every list is dropped; renames are rare).
CREATE FUNCTION "history_author_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "history_author_renamed" AFTER UPDATE OF "nickname" ON "member"
  FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname)
  EXECUTE FUNCTION "history_author_changed"();
--> statement-breakpoint
CREATE TRIGGER "history_author_removed" AFTER DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION "history_author_changed"();
