CREATE TABLE "application" (
	"application_idx" serial PRIMARY KEY NOT NULL,
	"recruitment_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"note" text NOT NULL,
	"career" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"decision_note" text,
	"member_in_project_idx" integer,
	"contract_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_status_check" CHECK ("application"."status" in ('applied', 'shortlisted', 'rejected', 'hired', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "recruitment" (
	"recruitment_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"posted_by_idx" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_type" text NOT NULL,
	"rate_min" integer NOT NULL,
	"rate_max" integer NOT NULL,
	"currency" text NOT NULL,
	"start_dt" text NOT NULL,
	"end_dt" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "recruitment_rate_check" CHECK ("recruitment"."rate_min" > 0 and "recruitment"."rate_max" >= "recruitment"."rate_min"),
	CONSTRAINT "recruitment_currency_check" CHECK ("recruitment"."currency" in ('KRW', 'USD')),
	CONSTRAINT "recruitment_work_type_check" CHECK ("recruitment"."work_type" in ('freelancer', 'fullTime')),
	CONSTRAINT "recruitment_status_check" CHECK ("recruitment"."status" in ('open', 'closed')),
	CONSTRAINT "recruitment_period_check" CHECK ("recruitment"."end_dt" is null or "recruitment"."end_dt" >= "recruitment"."start_dt")
);
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_recruitment_idx_recruitment_recruitment_idx_fk" FOREIGN KEY ("recruitment_idx") REFERENCES "public"."recruitment"("recruitment_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_member_in_project_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("member_in_project_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_contract_idx_contract_contract_idx_fk" FOREIGN KEY ("contract_idx") REFERENCES "public"."contract"("contract_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment" ADD CONSTRAINT "recruitment_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment" ADD CONSTRAINT "recruitment_posted_by_idx_member_member_idx_fk" FOREIGN KEY ("posted_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_once_idx" ON "application" USING btree ("recruitment_idx","member_idx");--> statement-breakpoint
CREATE INDEX "application_member_idx" ON "application" USING btree ("member_idx");--> statement-breakpoint
CREATE INDEX "recruitment_status_idx" ON "recruitment" USING btree ("status","recruitment_idx");--> statement-breakpoint
CREATE INDEX "recruitment_project_idx" ON "recruitment" USING btree ("project_idx");