CREATE TABLE "request_file" (
	"request_file_idx" serial PRIMARY KEY NOT NULL,
	"request_idx" integer NOT NULL,
	"file_idx" integer NOT NULL,
	CONSTRAINT "request_file_request_file_unique" UNIQUE("request_idx","file_idx")
);
--> statement-breakpoint
ALTER TABLE "request_file" ADD CONSTRAINT "request_file_request_idx_request_request_idx_fk" FOREIGN KEY ("request_idx") REFERENCES "public"."request"("request_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_file" ADD CONSTRAINT "request_file_file_idx_file_file_idx_fk" FOREIGN KEY ("file_idx") REFERENCES "public"."file"("file_idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_file_file_idx" ON "request_file" USING btree ("file_idx");