CREATE TABLE "audit_chain" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_idx" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"anchor_idx" bigint NOT NULL,
	"anchor_hash" text NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_idx" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_idx" integer,
	"member_idx" integer,
	"project_idx" integer,
	"target_type" text,
	"target_idx" integer,
	"changes" jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_project_idx" ON "audit_log" USING btree ("project_idx","audit_idx");--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" USING btree ("member_idx","audit_idx");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_idx","audit_idx");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written (features/audit, docs/decisions.md "Audit log"): keep this block when regenerating.
-- The chain's head starts at the genesis hash (64 zeros) with nothing deleted.
INSERT INTO "audit_chain" ("id", "last_idx", "last_hash", "anchor_idx", "anchor_hash")
  VALUES (1, 0, repeat('0', 64), 0, repeat('0', 64));
--> statement-breakpoint
-- Append-only: no UPDATE ever, no DELETE except the retention job's, which says so with the
-- transaction-local setting `teamline.audit_retention = 'on'` (features/audit/audit.repository.ts).
-- Someone with database access can get past this (disable the trigger); the hash chain is what
-- shows it (`npm run audit:verify`).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('teamline.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
