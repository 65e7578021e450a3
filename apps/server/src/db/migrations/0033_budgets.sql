CREATE TABLE "budget_crossing" (
	"budget_crossing_idx" serial PRIMARY KEY NOT NULL,
	"budget_idx" integer NOT NULL,
	"revision" integer NOT NULL,
	"period_key" text NOT NULL,
	"threshold" integer NOT NULL,
	"spent" bigint NOT NULL,
	"settlement_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_crossing_uq" UNIQUE("budget_idx","revision","period_key","threshold")
);
--> statement-breakpoint
CREATE TABLE "budget" (
	"budget_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"milestone_idx" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_scope_uq" UNIQUE NULLS NOT DISTINCT("project_idx","milestone_idx"),
	CONSTRAINT "budget_amount_check" CHECK ("budget"."amount" > 0),
	CONSTRAINT "budget_period_check" CHECK ("budget"."period" in ('total', 'month'))
);
--> statement-breakpoint
ALTER TABLE "budget_crossing" ADD CONSTRAINT "budget_crossing_budget_idx_budget_budget_idx_fk" FOREIGN KEY ("budget_idx") REFERENCES "public"."budget"("budget_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_crossing" ADD CONSTRAINT "budget_crossing_settlement_idx_settlement_settlement_idx_fk" FOREIGN KEY ("settlement_idx") REFERENCES "public"."settlement"("settlement_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_milestone_idx_milestone_milestone_idx_fk" FOREIGN KEY ("milestone_idx") REFERENCES "public"."milestone"("milestone_idx") ON DELETE cascade ON UPDATE no action;