CREATE TABLE "member_identity" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_ticket_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "member_identity" ADD CONSTRAINT "member_identity_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_identity_issuer_subject_uq" ON "member_identity" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "member_identity_member_idx" ON "member_identity" USING btree ("member_idx");