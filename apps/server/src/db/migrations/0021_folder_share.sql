CREATE TABLE "folder_share" (
	"share_idx" serial PRIMARY KEY NOT NULL,
	"folder_idx" integer NOT NULL,
	"member_idx" integer NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "folder_share" ADD CONSTRAINT "folder_share_folder_idx_folder_folder_idx_fk" FOREIGN KEY ("folder_idx") REFERENCES "public"."folder"("folder_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_share" ADD CONSTRAINT "folder_share_member_idx_member_member_idx_fk" FOREIGN KEY ("member_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_share_uq" ON "folder_share" USING btree ("folder_idx","member_idx");--> statement-breakpoint
CREATE INDEX "folder_share_member_idx" ON "folder_share" USING btree ("member_idx");