CREATE TABLE "access_token" (
	"token_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_token_hash_uq" ON "access_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_token_member_idx" ON "access_token" USING btree ("member_idx");