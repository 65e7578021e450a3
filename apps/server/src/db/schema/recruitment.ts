import type { ApplicationStatus, Career, Currency, RecruitmentStatus, WorkType } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, searchForm, ts } from './columns.js';
import { contracts } from './contract.js';
import { members } from './member.js';
import { membersInProject, projects } from './project.js';

/**
 * Job posts (issue #16): a project's hiring side posts them; any account reads the open ones. Money
 * in integer minor units. A deleted post keeps its row (`deletedAt`) so applications keep theirs.
 */
export const recruitments = pgTable(
  'recruitment',
  {
    recruitmentIdx: serial('recruitment_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    /** The poster's account (they may leave the project; the post stays the project's). */
    postedByIdx: integer('posted_by_idx')
      .notNull()
      .references(() => members.memberIdx),
    title: text('title').notNull(),
    searchText: searchForm(sql`"title"`),
    description: text('description').notNull().default(''),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    workType: text('work_type').$type<WorkType>().notNull(),
    rateMin: integer('rate_min').notNull(),
    rateMax: integer('rate_max').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    startDt: text('start_dt').notNull(),
    endDt: text('end_dt'),
    status: text('status').$type<RecruitmentStatus>().notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('recruitment_status_idx').on(t.status, t.recruitmentIdx),
    index('recruitment_project_idx').on(t.projectIdx),
    index('recruitment_search_idx').using('gist', t.searchText.op('gist_trgm_ops')),
    check('recruitment_rate_check', sql`${t.rateMin} > 0 and ${t.rateMax} >= ${t.rateMin}`),
    check('recruitment_currency_check', sql`${t.currency} in ('KRW', 'USD')`),
    check('recruitment_work_type_check', sql`${t.workType} in ('freelancer', 'fullTime')`),
    check('recruitment_status_check', sql`${t.status} in ('open', 'closed')`),
    check('recruitment_period_check', sql`${t.endDt} is null or ${t.endDt} >= ${t.startDt}`),
  ],
);
/** Its columns without `search_text` (columns.ts `rowColumns`), for every read but search's. */
export const recruitmentColumns = rowColumns(recruitments);

/** One application per account and post (the unique index answers a race the service's check lost). */
export const applications = pgTable(
  'application',
  {
    applicationIdx: serial('application_idx').primaryKey(),
    recruitmentIdx: integer('recruitment_idx')
      .notNull()
      .references(() => recruitments.recruitmentIdx),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    note: text('note').notNull(),
    /** The applicant's profile careers when they applied. */
    career: jsonb('career').$type<Career[]>().notNull().default([]),
    status: text('status').$type<ApplicationStatus>().notNull().default('applied'),
    decisionNote: text('decision_note'),
    memberInProjectIdx: integer('member_in_project_idx').references(
      () => membersInProject.memberInProjectIdx,
    ),
    contractIdx: integer('contract_idx').references(() => contracts.contractIdx),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_once_idx').on(t.recruitmentIdx, t.memberIdx),
    index('application_member_idx').on(t.memberIdx),
    check(
      'application_status_check',
      sql`${t.status} in ('applied', 'shortlisted', 'rejected', 'hired', 'withdrawn')`,
    ),
  ],
);
