CREATE TABLE "document_public_link" (
	"document_idx" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_share" (
	"share_idx" serial PRIMARY KEY NOT NULL,
	"document_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_version" (
	"document_version_idx" serial PRIMARY KEY NOT NULL,
	"document_idx" integer NOT NULL,
	"version_no" integer NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"text" text NOT NULL,
	"saved_by_idx" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document" (
	"document_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"folder_idx" integer,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"file_idx" integer,
	"ai_type" text,
	"visibility" text DEFAULT 'project' NOT NULL,
	"content" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"ydoc" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_idx" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "folder" (
	"folder_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"parent_idx" integer,
	"name" text NOT NULL,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_public_link" ADD CONSTRAINT "document_public_link_document_idx_document_document_idx_fk" FOREIGN KEY ("document_idx") REFERENCES "public"."document"("document_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_share" ADD CONSTRAINT "document_share_document_idx_document_document_idx_fk" FOREIGN KEY ("document_idx") REFERENCES "public"."document"("document_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_share" ADD CONSTRAINT "document_share_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_document_idx_document_document_idx_fk" FOREIGN KEY ("document_idx") REFERENCES "public"."document"("document_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_folder_idx_folder_folder_idx_fk" FOREIGN KEY ("folder_idx") REFERENCES "public"."folder"("folder_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_file_idx_file_file_idx_fk" FOREIGN KEY ("file_idx") REFERENCES "public"."file"("file_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_created_by_idx_member_member_idx_fk" FOREIGN KEY ("created_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder" ADD CONSTRAINT "folder_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder" ADD CONSTRAINT "folder_parent_idx_folder_folder_idx_fk" FOREIGN KEY ("parent_idx") REFERENCES "public"."folder"("folder_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder" ADD CONSTRAINT "folder_created_by_idx_member_member_idx_fk" FOREIGN KEY ("created_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_public_link_token_uq" ON "document_public_link" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "document_share_uq" ON "document_share" USING btree ("document_idx","member_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "document_version_uq" ON "document_version" USING btree ("document_idx","version_no");--> statement-breakpoint
CREATE INDEX "document_project_idx" ON "document" USING btree ("project_idx","folder_idx");--> statement-breakpoint
CREATE INDEX "folder_project_idx" ON "folder" USING btree ("project_idx");