import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { histories } from '../../db/schema/index.js';
import { createProject, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { historyListQuery } from './history.repository.js';

/**
 * The history lists are prepared once and run thousands of times, so PostgreSQL (and PGlite) soon
 * plan them generically, without the limit's or the id's value. That plan walked the whole table
 * backwards by its primary key, filtering by story: 10 ms a read on 50,000 records for a story whose
 * records are old, against 0.3 ms from the story's own index entries (migration 0038).
 */
describe('a history list read generically planned', () => {
  let t: TestApp;
  const RECORDS = 20_000;
  const STORIES = 2_000;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUp(t, 'admin@history-plan.test');
    const projectIdx = await createProject(t, admin.key, 'History');
    // Ten records each for 1,000 stories (even ids) and 1,000 milestones (odd ids); no foreign key:
    // a record outlives its subject.
    await t.database.db.execute(sql`
      insert into history (project_idx, story_idx, milestone_idx, type)
      select ${projectIdx}, case when g % 2 = 0 then g % ${STORIES} end,
        case when g % 2 = 1 then g % ${STORIES} end, 1
      from generate_series(1, ${RECORDS}) g`);
    await t.database.db.execute(sql`analyze history`);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const [name, column] of [
    ['story', histories.storyIdx],
    ['milestone', histories.milestoneIdx],
  ] as const)
    it(`reads a ${name}'s own entries, not the table`, async () => {
      const { sql: text } = historyListQuery(t.database.db, column).toSQL();
      // One connection for the prepared statement and its plan: a transaction.
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare history_plan_probe(integer, integer) as ${text}`));
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        const result = await tx.execute(sql`explain (format json) execute history_plan_probe(7, 500)`);
        await tx.execute(sql`deallocate history_plan_probe`);
        return JSON.stringify((result as { rows: unknown[] }).rows);
      });
      // The list reads the records by the subject's index, in order; no scan filters the table.
      expect(plan).toContain(`"Index Name":"history_${name}_only_idx"`);
      expect(plan).not.toContain('history_pkey');
      expect(plan).not.toContain('"Filter"');
    });
});
