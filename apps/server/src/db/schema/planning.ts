import type { MilestoneStatus, StoryStatus } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { membersInProject, projects } from './project.js';
import { rowColumns, searchForm, ts } from './columns.js';

/**
 * Fractional order keys (base-62, `fractional-indexing`) compare byte by byte; a locale collation
 * (en_US, ko_KR) would sort `a` and `B` differently from the code that generates them.
 */
const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const epics = pgTable(
  'epic',
  {
    epicIdx: serial('epic_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    label: text('label').notNull(),
    searchText: searchForm(sql`"label"`),
    weight: integer('weight').notNull().default(0),
    point: integer('point').notNull().default(0),
    colorCode: text('color_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdByIdx: integer('created_by_idx').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('epic_project_idx').on(t.projectIdx),
    index('epic_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const epicColumns = rowColumns(epics);

export const milestones = pgTable(
  'milestone',
  {
    milestoneIdx: serial('milestone_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    title: text('title').notNull(),
    searchText: searchForm(sql`"title"`),
    description: text('description').notNull().default(''),
    status: text('status').$type<MilestoneStatus>().notNull().default('pending'),
    startDt: text('start_dt'),
    endDt: text('end_dt'),
    orderKey: orderKey('order_key').notNull(),
    requestedByIdx: integer('requested_by_idx'),
    approvedByIdx: integer('approved_by_idx'),
    rejectReason: text('reject_reason'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** memberInProjectIdx, like every person in planning. */
    createdByIdx: integer('created_by_idx').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Goes up with every change of the milestone or of its stories (triggers of migration 0036, so
     * every writer counts): the timeline rebuilds the milestones whose revision moved, not all of them.
     */
    revision: integer('revision').notNull().default(0),
  },
  // One key per position: concurrent moves that computed the same key fail instead of tying.
  (t) => [
    uniqueIndex('milestone_order_uq').on(t.projectIdx, t.orderKey),
    index('milestone_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const milestoneColumns = rowColumns(milestones);

export const stories = pgTable(
  'story',
  {
    storyIdx: serial('story_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    /** Its number in the project, from `project.next_story_no` (`SHOP-12` with the GitHub key). */
    storyNo: integer('story_no').notNull(),
    /** null: the backlog. */
    milestoneIdx: integer('milestone_idx').references(() => milestones.milestoneIdx),
    epicIdx: integer('epic_idx').references(() => epics.epicIdx, { onDelete: 'set null' }),
    title: text('title').notNull(),
    searchText: searchForm(sql`"title"`),
    description: text('description').notNull().default(''),
    status: text('status').$type<StoryStatus>().notNull().default('pending'),
    startDt: text('start_dt'),
    endDt: text('end_dt'),
    reporterIdx: integer('reporter_idx'),
    approverIdx: integer('approver_idx'),
    link: text('link'),
    rating: doublePrecision('rating'),
    point: integer('point').notNull().default(0),
    orderKey: orderKey('order_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdByIdx: integer('created_by_idx').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The timeline reads stories by (project, milestone) in key order; the backlog is milestone null,
    // so NULLS NOT DISTINCT makes the backlog one list for uniqueness too.
    unique('story_order_uq').on(t.projectIdx, t.milestoneIdx, t.orderKey).nullsNotDistinct(),
    index('story_epic_idx').on(t.projectIdx, t.epicIdx),
    uniqueIndex('story_no_uq').on(t.projectIdx, t.storyNo),
    index('story_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
    // The delay job scans open stories by end date.
    index('story_open_end_idx')
      .on(t.endDt)
      .where(sql`${t.status} in ('pending', 'inProgress')`),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const storyColumns = rowColumns(stories);

export const storyAssignees = pgTable(
  'story_assignee',
  {
    storyIdx: integer('story_idx')
      .notNull()
      .references(() => stories.storyIdx, { onDelete: 'cascade' }),
    memberInProjectIdx: integer('member_in_project_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    projectIdx: integer('project_idx').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storyIdx, t.memberInProjectIdx] }),
    index('story_assignee_project_idx').on(t.projectIdx, t.memberInProjectIdx),
  ],
);

export const storyComments = pgTable(
  'story_comment',
  {
    commentIdx: serial('comment_idx').primaryKey(),
    projectIdx: integer('project_idx').notNull(),
    storyIdx: integer('story_idx')
      .notNull()
      .references(() => stories.storyIdx, { onDelete: 'cascade' }),
    memberInProjectIdx: integer('member_in_project_idx').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('story_comment_story_idx').on(t.storyIdx, t.commentIdx)],
);

export const timekeepings = pgTable(
  'timekeeping',
  {
    timekeepingIdx: serial('timekeeping_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    /** Set null when the story is deleted: logged time is pay and must survive for settlement. */
    storyIdx: integer('story_idx').references(() => stories.storyIdx, { onDelete: 'set null' }),
    memberInProjectIdx: integer('member_in_project_idx').notNull(),
    workDt: text('work_dt').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdByIdx: integer('created_by_idx').notNull(),
  },
  (t) => [
    index('timekeeping_story_idx').on(t.storyIdx),
    index('timekeeping_project_dt_idx').on(t.projectIdx, t.workDt),
  ],
);

/**
 * Change log of stories and milestones. No foreign key to them: the record of a deletion (16)
 * outlives what it describes. actor null = the system (type 9).
 */
export const histories = pgTable(
  'history',
  {
    historyIdx: serial('history_idx').primaryKey(),
    projectIdx: integer('project_idx').notNull(),
    storyIdx: integer('story_idx'),
    milestoneIdx: integer('milestone_idx'),
    type: integer('type').notNull(),
    actorIdx: integer('actor_idx'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('history_story_idx').on(t.projectIdx, t.storyIdx, t.historyIdx),
    index('history_milestone_idx').on(t.projectIdx, t.milestoneIdx, t.historyIdx),
    // The dashboard's newest records of a project, and the project of a deleted story or milestone
    // (known only from its history): without them both read the whole table.
    index('history_project_recent_idx').on(t.projectIdx, t.historyIdx),
    // A story's or milestone's list, newest first, by its id alone (migration 0038: with the record id
    // in the index a prepared list's generic plan reads the story's entries, not the whole table).
    index('history_story_only_idx').on(t.storyIdx, t.historyIdx),
    index('history_milestone_only_idx').on(t.milestoneIdx, t.historyIdx),
  ],
);

/**
 * One counter per project, bumped first thing in every transaction that changes what the timeline
 * shows. Its row lock serialises a project's planning writes (order keys, the epic limit) without
 * deadlocks, since every writer takes it before any other row; readers cache the timeline per
 * version (milestone.service.ts).
 */
export const planningVersions = pgTable('planning_version', {
  projectIdx: integer('project_idx')
    .primaryKey()
    .references(() => projects.projectIdx),
  version: integer('version').notNull().default(0),
});
