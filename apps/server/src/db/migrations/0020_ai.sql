CREATE TABLE "ai_job" (
	"ai_job_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" jsonb DEFAULT '{"done":0,"total":1}'::jsonb NOT NULL,
	"error_code" text,
	"file_name" text,
	"upload_key" text,
	"request" jsonb,
	"provider" text NOT NULL,
	"draft" jsonb,
	"document_idx" integer,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_job" ADD CONSTRAINT "ai_job_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_job" ADD CONSTRAINT "ai_job_document_idx_document_document_idx_fk" FOREIGN KEY ("document_idx") REFERENCES "public"."document"("document_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_job" ADD CONSTRAINT "ai_job_created_by_idx_member_member_idx_fk" FOREIGN KEY ("created_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_job_project_idx" ON "ai_job" USING btree ("project_idx");