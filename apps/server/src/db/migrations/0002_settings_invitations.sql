CREATE TABLE "project_invitation" (
	"invite_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_idx" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_idx" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "project_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_invitation" ADD CONSTRAINT "project_invitation_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitation" ADD CONSTRAINT "project_invitation_invited_by_idx_member_member_idx_fk" FOREIGN KEY ("invited_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_invitation_project_idx" ON "project_invitation" USING btree ("project_idx","email");