CREATE TABLE "member_passkey" (
	"passkey_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_recovery_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_totp" (
	"member_idx" integer PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_idx" integer,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenge" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"member_idx" integer,
	"webauthn_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_challenge_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "session_family" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_passkey" ADD CONSTRAINT "member_passkey_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recovery_code" ADD CONSTRAINT "member_recovery_code_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totp" ADD CONSTRAINT "member_totp_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenge" ADD CONSTRAINT "sign_in_challenge_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_passkey_credential_uq" ON "member_passkey" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "member_passkey_member_idx" ON "member_passkey" USING btree ("member_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "member_recovery_code_uq" ON "member_recovery_code" USING btree ("member_idx","code_hash");--> statement-breakpoint
CREATE INDEX "second_factor_failure_member_idx" ON "second_factor_failure" USING btree ("member_idx","at");--> statement-breakpoint
CREATE INDEX "second_factor_failure_ip_idx" ON "second_factor_failure" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sign_in_challenge_expires_idx" ON "sign_in_challenge" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written (keep at the end when renumbering): the membership lookup of every authorization
-- now reads the project's "admins and clients must use two-factor" flag and whether the member has
-- a second factor (features/two-factor, platform/authorization). The in-memory membership cache
-- (migration 0022) must hear of both, so the project flag and every factor change notify
-- `membership_changed` for each project concerned.
CREATE TRIGGER "project_two_factor_changed" AFTER UPDATE OF "require_two_factor" ON "project"
  FOR EACH ROW WHEN (OLD.require_two_factor IS DISTINCT FROM NEW.require_two_factor)
  EXECUTE FUNCTION "membership_changed"();
--> statement-breakpoint
CREATE FUNCTION "member_factor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('membership_changed', mip.project_idx::text)
    FROM (SELECT DISTINCT project_idx FROM member_in_project
          WHERE member_idx = coalesce(NEW.member_idx, OLD.member_idx)) mip;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_totp_factor_changed" AFTER INSERT OR UPDATE OF "confirmed_at" OR DELETE ON "member_totp"
  FOR EACH ROW EXECUTE FUNCTION "member_factor_changed"();
--> statement-breakpoint
CREATE TRIGGER "member_passkey_factor_changed" AFTER INSERT OR DELETE ON "member_passkey"
  FOR EACH ROW EXECUTE FUNCTION "member_factor_changed"();
