CREATE TABLE "contract" (
	"contract_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"member_in_project_idx" integer NOT NULL,
	"request_idx" integer NOT NULL,
	"offered_by_idx" integer NOT NULL,
	"daily_rate" integer NOT NULL,
	"currency" text NOT NULL,
	"start_dt" text NOT NULL,
	"end_dt" text,
	"scope" text NOT NULL,
	"withholding_rate_bp" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_request_idx_unique" UNIQUE("request_idx"),
	CONSTRAINT "contract_daily_rate_check" CHECK ("contract"."daily_rate" > 0),
	CONSTRAINT "contract_currency_check" CHECK ("contract"."currency" in ('KRW', 'USD')),
	CONSTRAINT "contract_withholding_check" CHECK ("contract"."withholding_rate_bp" between 0 and 10000),
	CONSTRAINT "contract_period_check" CHECK ("contract"."end_dt" is null or "contract"."end_dt" >= "contract"."start_dt"),
	CONSTRAINT "contract_status_check" CHECK ("contract"."status" in ('awaiting', 'inProgress', 'completed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "request" DROP CONSTRAINT "request_status_check";--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_member_in_project_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("member_in_project_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_request_idx_request_request_idx_fk" FOREIGN KEY ("request_idx") REFERENCES "public"."request"("request_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_offered_by_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("offered_by_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_project_idx" ON "contract" USING btree ("project_idx","contract_idx");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_running_idx" ON "contract" USING btree ("project_idx","member_in_project_idx") WHERE "contract"."status" in ('awaiting', 'inProgress');--> statement-breakpoint
ALTER TABLE "request" ADD CONSTRAINT "request_status_check" CHECK ("request"."status" in ('awaiting', 'inProgress', 'completed', 'rejected'));