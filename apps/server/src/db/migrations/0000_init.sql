CREATE TABLE "file" (
	"file_idx" serial PRIMARY KEY NOT NULL,
	"uploader_idx" integer NOT NULL,
	"project_idx" integer,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link" (
	"link_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"url" text NOT NULL,
	"meta_title" text,
	"meta_image" text,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "member" (
	"member_idx" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text,
	"nickname" text NOT NULL,
	"phone" text,
	"birth" text,
	"gender" text,
	"nationality" text,
	"color_code" text DEFAULT '#00D696' NOT NULL,
	"job" text,
	"is_free" boolean,
	"company" text,
	"hope_price" integer,
	"career" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"profile_file_idx" integer,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_family" (
	"family_id" text PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "member_in_project" (
	"member_in_project_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"role" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"depth1_idx" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project" (
	"project_idx" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"sheets" integer DEFAULT 0 NOT NULL,
	"start_dt" text,
	"end_dt" text,
	"company_in_project" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_idx" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_idx" integer,
	"del_yn" text DEFAULT 'N' NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_idx" integer
);
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_uploader_idx_member_member_idx_fk" FOREIGN KEY ("uploader_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link" ADD CONSTRAINT "link_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_family" ADD CONSTRAINT "session_family_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_token" ADD CONSTRAINT "session_token_family_id_session_family_family_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."session_family"("family_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_in_project" ADD CONSTRAINT "member_in_project_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_in_project" ADD CONSTRAINT "member_in_project_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_project_idx" ON "file" USING btree ("project_idx");--> statement-breakpoint
CREATE INDEX "link_project_idx" ON "link" USING btree ("project_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "member_email_uq" ON "member" USING btree ("email");--> statement-breakpoint
CREATE INDEX "member_name_phone_idx" ON "member" USING btree ("name","phone");--> statement-breakpoint
CREATE INDEX "session_token_family_idx" ON "session_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "mip_member_idx" ON "member_in_project" USING btree ("member_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "mip_project_member_uq" ON "member_in_project" USING btree ("project_idx","member_idx");