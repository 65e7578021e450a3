CREATE TABLE "sandbox_gateway_cancel" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_key" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charge" (
	"order_id" text PRIMARY KEY NOT NULL,
	"payment_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"canceled_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_charge_payment_key_unique" UNIQUE("payment_key")
);
--> statement-breakpoint
ALTER TABLE "idempotent_request" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotent_request" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotent_request" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "operation" text;--> statement-breakpoint
CREATE INDEX "payment_operation_idx" ON "payment" USING btree ("operation");--> statement-breakpoint
CREATE INDEX "payment_pending_idx" ON "payment" USING btree ("project_idx") WHERE status = 'pending';--> statement-breakpoint
-- Hand-written (branch billing, docs/decisions.md "Charges survive a crash"): payments made before
-- the intents were each their own operation; claims answered before the leases need none.
UPDATE "payment" SET "operation" = "charge_key" WHERE "operation" IS NULL;
