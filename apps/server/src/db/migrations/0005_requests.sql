CREATE TABLE "request_comment" (
	"comment_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"request_idx" integer NOT NULL,
	"member_in_project_idx" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request" (
	"request_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"kind" text DEFAULT 'general' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_dt" text NOT NULL,
	"story_idx" integer,
	"sender_idx" integer NOT NULL,
	"receiver_idx" integer NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"read_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_kind_check" CHECK ("request"."kind" in ('general', 'contract')),
	CONSTRAINT "request_status_check" CHECK ("request"."status" in ('awaiting', 'inProgress', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "request_comment" ADD CONSTRAINT "request_comment_request_idx_request_request_idx_fk" FOREIGN KEY ("request_idx") REFERENCES "public"."request"("request_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_story_idx_story_story_idx_fk" FOREIGN KEY ("story_idx") REFERENCES "public"."story"("story_idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_sender_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("sender_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_receiver_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("receiver_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_comment_request_idx" ON "request_comment" USING btree ("request_idx","comment_idx");--> statement-breakpoint
CREATE INDEX "request_receiver_idx" ON "request" USING btree ("project_idx","receiver_idx","request_idx");--> statement-breakpoint
CREATE INDEX "request_sender_idx" ON "request" USING btree ("project_idx","sender_idx","request_idx");