import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './member.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const projects = pgTable('project', {
  projectIdx: serial('project_idx').primaryKey(),
  name: text('name').notNull(),
  status: text('status').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
  sheets: integer('sheets').notNull().default(0),
  startDt: text('start_dt'),
  endDt: text('end_dt'),
  companyInProject: text('company_in_project'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdByIdx: integer('created_by_idx').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedByIdx: integer('updated_by_idx'),
  delYn: text('del_yn').$type<'Y' | 'N'>().notNull().default('N'),
  deletedAt: ts('deleted_at'),
  deletedByIdx: integer('deleted_by_idx'),
});

export const membersInProject = pgTable(
  'member_in_project',
  {
    memberInProjectIdx: serial('member_in_project_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    role: text('role').$type<'admin' | 'depth1' | 'depth2' | 'client'>().notNull(),
    /** Administrative authority; a client-side creator is role client with this flag set. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** For depth2: the memberInProjectIdx of their depth1 lead. */
    depth1Idx: integer('depth1_idx'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    index('mip_member_idx').on(t.memberIdx),
    uniqueIndex('mip_project_member_uq').on(t.projectIdx, t.memberIdx),
  ],
);
