CREATE TABLE "import_item" (
	"import_item_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"external_key" text NOT NULL,
	"entity_idx" integer NOT NULL,
	"import_idx" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import" (
	"import_idx" serial PRIMARY KEY NOT NULL,
	"project_idx" integer NOT NULL,
	"source" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"items" jsonb NOT NULL,
	"status_map" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"error_code" text,
	"created_by_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_item" ADD CONSTRAINT "import_item_import_idx_import_import_idx_fk" FOREIGN KEY ("import_idx") REFERENCES "public"."import"("import_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import" ADD CONSTRAINT "import_project_idx_project_project_idx_fk" FOREIGN KEY ("project_idx") REFERENCES "public"."project"("project_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import" ADD CONSTRAINT "import_created_by_idx_member_member_idx_fk" FOREIGN KEY ("created_by_idx") REFERENCES "public"."member"("member_idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_item_key" ON "import_item" USING btree ("project_idx","source","kind","external_key");--> statement-breakpoint
CREATE INDEX "import_item_import_idx" ON "import_item" USING btree ("import_idx");--> statement-breakpoint
CREATE INDEX "import_project_idx" ON "import" USING btree ("project_idx");