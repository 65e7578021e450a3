CREATE TABLE "review_media" (
	"review_idx" integer NOT NULL,
	"file_idx" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "review_media_review_idx_file_idx_pk" PRIMARY KEY("review_idx","file_idx"),
	CONSTRAINT "review_media_file" UNIQUE("file_idx")
);
--> statement-breakpoint
CREATE TABLE "review" (
	"review_idx" serial PRIMARY KEY NOT NULL,
	"reviewer_idx" integer NOT NULL,
	"reviewer_member_in_project_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"project_idx" integer NOT NULL,
	"rating_halves" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_once" UNIQUE("reviewer_idx","member_idx","project_idx"),
	CONSTRAINT "review_rating_range" CHECK ("review"."rating_halves" between 0 and 10),
	CONSTRAINT "review_not_self" CHECK ("review"."reviewer_idx" <> "review"."member_idx")
);
--> statement-breakpoint
ALTER TABLE "review_media" ADD CONSTRAINT "review_media_review_idx_review_review_idx_fk" FOREIGN KEY ("review_idx") REFERENCES "public"."review"("review_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_media" ADD CONSTRAINT "review_media_file_idx_file_file_idx_fk" FOREIGN KEY ("file_idx") REFERENCES "public"."file"("file_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_reviewer_idx_member_member_idx_fk" FOREIGN KEY ("reviewer_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_reviewer_member_in_project_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("reviewer_member_in_project_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_member_idx" ON "review" USING btree ("member_idx");