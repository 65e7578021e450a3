import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { files } from './content.js';
import { members } from './member.js';
import { membersInProject, projects } from './project.js';
import { ts } from './columns.js';

/**
 * A member's review of another member for one project they shared (issue 16): one per reviewer,
 * member and project. The reviewer is also kept as their record in that project, which the record
 * rule decides on (contract `reviewRecord`). The rating is stored in half steps (0–10).
 */
export const reviews = pgTable(
  'review',
  {
    reviewIdx: serial('review_idx').primaryKey(),
    reviewerIdx: integer('reviewer_idx')
      .notNull()
      .references(() => members.memberIdx),
    reviewerMemberInProjectIdx: integer('reviewer_member_in_project_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    ratingHalves: integer('rating_halves').notNull(),
    content: text('content').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('review_once').on(t.reviewerIdx, t.memberIdx, t.projectIdx),
    index('review_member_idx').on(t.memberIdx),
    check('review_rating_range', sql`${t.ratingHalves} between 0 and 10`),
    check('review_not_self', sql`${t.reviewerIdx} <> ${t.memberIdx}`),
  ],
);

/** The images of a review, in the order picked; a file belongs to one review at most. */
export const reviewMedias = pgTable(
  'review_media',
  {
    reviewIdx: integer('review_idx')
      .notNull()
      .references(() => reviews.reviewIdx, { onDelete: 'cascade' }),
    fileIdx: integer('file_idx')
      .notNull()
      .references(() => files.fileIdx),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewIdx, t.fileIdx] }), unique('review_media_file').on(t.fileIdx)],
);
