CREATE TABLE "epic" (
	"epic_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"label" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"color_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_idx" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history" (
	"history_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"story_idx" integer,
	"milestone_idx" integer,
	"type" integer NOT NULL,
	"actor_idx" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone" (
	"milestone_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"start_dt" text,
	"end_dt" text,
	"order_key" text COLLATE "C" NOT NULL,
	"requested_by_idx" integer,
	"approved_by_idx" integer,
	"reject_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_idx" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story" (
	"story_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"milestone_idx" integer,
	"epic_idx" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"start_dt" text,
	"end_dt" text,
	"reporter_idx" integer,
	"approver_idx" integer,
	"link" text,
	"rating" double precision,
	"point" integer DEFAULT 0 NOT NULL,
	"order_key" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_idx" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_order_uq" UNIQUE NULLS NOT DISTINCT("project_idx","milestone_idx","order_key")
);
--> statement-breakpoint
CREATE TABLE "story_assignee" (
	"story_idx" integer NOT NULL,
	"member_in_project_idx" integer NOT NULL,
	"project_idx" integer NOT NULL,
	CONSTRAINT "story_assignee_story_idx_member_in_project_idx_pk" PRIMARY KEY("story_idx","member_in_project_idx")
);
--> statement-breakpoint
CREATE TABLE "story_comment" (
	"comment_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"story_idx" integer NOT NULL,
	"member_in_project_idx" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timekeeping" (
	"timekeeping_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"story_idx" integer,
	"member_in_project_idx" integer NOT NULL,
	"work_dt" text NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_idx" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epic" ADD CONSTRAINT "epic_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone" ADD CONSTRAINT "milestone_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story" ADD CONSTRAINT "story_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story" ADD CONSTRAINT "story_milestone_idx_milestone_milestone_idx_fk" FOREIGN KEY ("milestone_idx") REFERENCES "public"."milestone"("milestone_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story" ADD CONSTRAINT "story_epic_idx_epic_epic_idx_fk" FOREIGN KEY ("epic_idx") REFERENCES "public"."epic"("epic_idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_assignee" ADD CONSTRAINT "story_assignee_story_idx_story_story_idx_fk" FOREIGN KEY ("story_idx") REFERENCES "public"."story"("story_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_assignee" ADD CONSTRAINT "story_assignee_member_in_project_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("member_in_project_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_comment" ADD CONSTRAINT "story_comment_story_idx_story_story_idx_fk" FOREIGN KEY ("story_idx") REFERENCES "public"."story"("story_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timekeeping" ADD CONSTRAINT "timekeeping_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timekeeping" ADD CONSTRAINT "timekeeping_story_idx_story_story_idx_fk" FOREIGN KEY ("story_idx") REFERENCES "public"."story"("story_idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epic_project_idx" ON "epic" USING btree ("project_idx");--> statement-breakpoint
CREATE INDEX "history_story_idx" ON "history" USING btree ("project_idx","story_idx","history_idx");--> statement-breakpoint
CREATE INDEX "history_milestone_idx" ON "history" USING btree ("project_idx","milestone_idx","history_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_order_uq" ON "milestone" USING btree ("project_idx","order_key");--> statement-breakpoint
CREATE INDEX "story_epic_idx" ON "story" USING btree ("project_idx","epic_idx");--> statement-breakpoint
CREATE INDEX "story_open_end_idx" ON "story" USING btree ("end_dt") WHERE "story"."status" in ('pending', 'inProgress');--> statement-breakpoint
CREATE INDEX "story_assignee_project_idx" ON "story_assignee" USING btree ("project_idx","member_in_project_idx");--> statement-breakpoint
CREATE INDEX "story_comment_story_idx" ON "story_comment" USING btree ("story_idx","comment_idx");--> statement-breakpoint
CREATE INDEX "timekeeping_story_idx" ON "timekeeping" USING btree ("story_idx");--> statement-breakpoint
CREATE INDEX "timekeeping_project_dt_idx" ON "timekeeping" USING btree ("project_idx","work_dt");