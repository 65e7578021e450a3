CREATE TABLE "settlement_history" (
	"settlement_history_idx" serial PRIMARY KEY NOT NULL,
	"settlement_idx" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_idx" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement" ADD COLUMN "auto_approve_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_history" ADD CONSTRAINT "settlement_history_settlement_idx_settlement_settlement_idx_fk" FOREIGN KEY ("settlement_idx") REFERENCES "public"."settlement"("settlement_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_history" ADD CONSTRAINT "settlement_history_actor_idx_member_in_project_member_in_project_idx_fk" FOREIGN KEY ("actor_idx") REFERENCES "public"."member_in_project"("member_in_project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_history_settlement_idx" ON "settlement_history" USING btree ("settlement_idx","settlement_history_idx");