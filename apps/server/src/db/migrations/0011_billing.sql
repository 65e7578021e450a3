CREATE TABLE "billing_card" (
	"card_idx" serial PRIMARY KEY NOT NULL,
	"member_idx" integer NOT NULL,
	"gateway" text NOT NULL,
	"billing_key" text NOT NULL,
	"customer_key" text NOT NULL,
	"brand" text NOT NULL,
	"issuer" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customer" (
	"member_idx" integer PRIMARY KEY NOT NULL,
	"customer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customer_customer_key_unique" UNIQUE("customer_key")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemption" (
	"coupon_idx" integer PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"remaining_periods" integer NOT NULL,
	"registered_by_idx" integer NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"coupon_idx" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"percent_off" integer NOT NULL,
	"periods" integer DEFAULT 1 NOT NULL,
	"valid_from" text NOT NULL,
	"valid_until" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "idempotent_request" (
	"member_idx" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_request_member_idx_key_pk" PRIMARY KEY("member_idx","key")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"payment_idx" serial PRIMARY KEY NOT NULL,
	"subscription_idx" integer NOT NULL,
	"project_idx" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"pays_for" text NOT NULL,
	"charge_key" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"gateway_payment_key" text,
	"gateway_skipped" boolean DEFAULT false NOT NULL,
	"plan" text NOT NULL,
	"sheets" integer NOT NULL,
	"period_start_dt" text,
	"period_end_dt" text,
	"list_amount" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"coupon_idx" integer,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"refund_of_idx" integer,
	"refund_mode" text,
	"card_idx" integer,
	"card_brand" text,
	"card_last4" text,
	"failure_reason" text,
	"created_by_idx" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_charge_key_unique" UNIQUE("charge_key")
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"subscription_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"plan" text DEFAULT 'FREE' NOT NULL,
	"sheets" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'KRW' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"period_start_dt" text,
	"period_end_dt" text,
	"card_idx" integer,
	"pending_plan" text,
	"pending_sheets" integer,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_project_idx_unique" UNIQUE("project_idx")
);
--> statement-breakpoint
ALTER TABLE "billing_card" ADD CONSTRAINT "billing_card_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customer" ADD CONSTRAINT "billing_customer_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemption" ADD CONSTRAINT "coupon_redemption_coupon_idx_coupon_coupon_idx_fk" FOREIGN KEY ("coupon_idx") REFERENCES "public"."coupon"("coupon_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemption" ADD CONSTRAINT "coupon_redemption_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_subscription_idx_subscription_subscription_idx_fk" FOREIGN KEY ("subscription_idx") REFERENCES "public"."subscription"("subscription_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_card_member_idx" ON "billing_card" USING btree ("member_idx");--> statement-breakpoint
CREATE INDEX "coupon_redemption_project_idx" ON "coupon_redemption" USING btree ("project_idx");--> statement-breakpoint
CREATE INDEX "payment_project_idx" ON "payment" USING btree ("project_idx","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_pays_for_once" ON "payment" USING btree ("pays_for") WHERE status <> 'failed';