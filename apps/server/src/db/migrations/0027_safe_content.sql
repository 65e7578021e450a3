CREATE TABLE "data_fix" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
-- Hand-written data fix (issue 30 "Trust"), kept at the end on purpose: stored addresses that
-- could run script in a browser go. An address is kept only when it starts with http://, https://
-- or mailto: and holds no whitespace or control character (the rule of
-- packages/contract/src/rules/safe-url.ts, which every write now applies). A story's link, and the
-- link in its history records and in the outbox's story events, becomes null; a project link row
-- is deleted (its only field is the address). Documents (JSON and Yjs state) are cleaned by the
-- durable job `document.clean-content` (features/document/content-cleanup.job.ts), which needs the
-- editor's schema. A private document's public link is deleted: private means the people it is
-- shared with. `safe-content-migration.test.ts` runs this block on stored rows.
UPDATE "story" SET "link" = NULL
  WHERE "link" IS NOT NULL AND "link" <> ''
    AND ("link" !~* '^(https?://|mailto:)' OR "link" ~ '[[:space:][:cntrl:]]');
--> statement-breakpoint
UPDATE "history" SET "before" = jsonb_set("before", '{link}', 'null'::jsonb)
  WHERE jsonb_typeof("before"->'link') = 'string' AND "before"->>'link' <> ''
    AND ("before"->>'link' !~* '^(https?://|mailto:)' OR "before"->>'link' ~ '[[:space:][:cntrl:]]');
--> statement-breakpoint
UPDATE "history" SET "after" = jsonb_set("after", '{link}', 'null'::jsonb)
  WHERE jsonb_typeof("after"->'link') = 'string' AND "after"->>'link' <> ''
    AND ("after"->>'link' !~* '^(https?://|mailto:)' OR "after"->>'link' ~ '[[:space:][:cntrl:]]');
--> statement-breakpoint
UPDATE "domain_event" SET "payload" = jsonb_set("payload", '{link}', 'null'::jsonb)
  WHERE jsonb_typeof("payload"->'link') = 'string' AND "payload"->>'link' <> ''
    AND ("payload"->>'link' !~* '^(https?://|mailto:)' OR "payload"->>'link' ~ '[[:space:][:cntrl:]]');
--> statement-breakpoint
DELETE FROM "link"
  WHERE "url" !~* '^https?://' OR "url" ~ '[[:space:][:cntrl:]]';
--> statement-breakpoint
DELETE FROM "document_public_link"
  WHERE "document_idx" IN (SELECT "document_idx" FROM "document" WHERE "visibility" = 'private');
