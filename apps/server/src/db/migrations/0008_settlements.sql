CREATE TABLE "settlement" (
	"settlement_idx" serial PRIMARY KEY NOT NULL,
	"contract_idx" integer NOT NULL,
	"project_idx" integer NOT NULL,
	"member_in_project_idx" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"gross_amount" integer DEFAULT 0 NOT NULL,
	"withholding_amount" integer DEFAULT 0 NOT NULL,
	"net_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"auto_approve_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_idx" integer,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"return_note" text,
	"paid_dt" text,
	"paid_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_status_check" CHECK ("settlement"."status" in ('draft', 'submitted', 'returned', 'approved', 'paid')),
	CONSTRAINT "settlement_amounts_check" CHECK ("settlement"."net_amount" = "settlement"."gross_amount" - "settlement"."withholding_amount"),
	CONSTRAINT "settlement_month_check" CHECK ("settlement"."month" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_contract_idx_contract_contract_idx_fk" FOREIGN KEY ("contract_idx") REFERENCES "public"."contract"("contract_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_member_in_project_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("member_in_project_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement" ADD CONSTRAINT "settlement_decided_by_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("decided_by_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_contract_month_idx" ON "settlement" USING btree ("contract_idx","month");--> statement-breakpoint
CREATE INDEX "settlement_project_month_idx" ON "settlement" USING btree ("project_idx","month");--> statement-breakpoint
CREATE INDEX "settlement_member_month_idx" ON "settlement" USING btree ("member_in_project_idx","month");