CREATE INDEX "history_project_recent_idx" ON "history" USING btree ("project_idx","history_idx");--> statement-breakpoint
CREATE INDEX "history_story_only_idx" ON "history" USING btree ("story_idx");--> statement-breakpoint
CREATE INDEX "history_milestone_only_idx" ON "history" USING btree ("milestone_idx");