-- A story's (or milestone's) history list is `where story_idx = $1 order by history_idx desc limit $2`,
-- prepared once. After five runs PostgreSQL plans a prepared statement generically, without the
-- limit's value, and then chose to walk the whole table backwards by its primary key, filtering by
-- story: 10 ms instead of 0.3 ms on 50,000 records for a story whose records are old (and growing
-- with the table). With the record id in the index the list is read in order from the story's own
-- entries whatever the limit.
DROP INDEX IF EXISTS "history_story_only_idx";
--> statement-breakpoint
CREATE INDEX "history_story_only_idx" ON "history" USING btree ("story_idx","history_idx");
--> statement-breakpoint
DROP INDEX IF EXISTS "history_milestone_only_idx";
--> statement-breakpoint
CREATE INDEX "history_milestone_only_idx" ON "history" USING btree ("milestone_idx","history_idx");
